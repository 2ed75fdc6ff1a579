/**
 * A search answer streamed out of a list file as its bytes arrive: the
 * matching entries' bytes (with the answer's own frames around them) are
 * passed on a chunk at a time, and the list is no longer read once the last
 * match has passed, so the edge never holds the list, nor the answer, whole.
 */
import type { ListFrame } from "./list-frame.ts";
import { Pieces } from "./pieces.ts";

/** Byte ranges of the items to pass on, in the list file, ascending: item k is [starts[k], ends[k]). */
export interface EntryRanges {
  readonly starts: ArrayLike<number>;
  readonly ends: ArrayLike<number>;
}

/**
 * `list` is the list file's bytes from `listStart` on (0, or where a range
 * request began); every item must lie at or after it.
 */
export function cutEntries(
  list: ReadableStream<Uint8Array>,
  listStart: number,
  { starts, ends }: EntryRanges,
  { head, first, rest, tail }: ListFrame,
): ReadableStream<Uint8Array<ArrayBuffer>> {
  const count = starts.length;
  const reader = list.getReader();
  let at = listStart; // where in the file the next chunk begins
  let k = 0; // the item being passed on
  let begun = false; // whether item k's opening frame is out
  let headOut = false;
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    async pull(controller) {
      const out = new Pieces();
      if (!headOut) {
        out.add(head);
        headOut = true;
      }
      while (k < count && out.length === 0) {
        const { done, value } = await reader.read();
        if (done) throw new Error(`The list file ended at byte ${at}, before its entry at ${starts[k]}.`);
        const end = at + value.length;
        while (k < count && starts[k] < end) {
          const [before, after] = k === 0 ? first : rest;
          if (!begun) out.add(before);
          begun = true;
          const from = Math.max(starts[k], at);
          const to = Math.min(ends[k], end);
          if (to > from) out.add(value.subarray(from - at, to - at));
          if (ends[k] > end) break;
          out.add(after);
          k++;
          begun = false;
        }
        at = end;
      }
      if (k === count) {
        out.add(tail);
        await reader.cancel();
        controller.enqueue(out.take());
        controller.close();
        return;
      }
      controller.enqueue(out.take());
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
