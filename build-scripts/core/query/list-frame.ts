/**
 * What a whole list's answer in a data format puts around its items: the
 * list's head and tail, and each item's entry frame, which differs only
 * between the first item and the others (JSON's comma). The streamed answers
 * (entry-stream.ts, column-join.ts) write it as UTF-8, encoded once.
 */
import type { Renderer } from "../formats/renderer.ts";
import type { ListView, Page, RenderContext } from "../formats/views.ts";

export interface ListFrame<T = Uint8Array> {
  readonly head: T;
  /** Before and after the first item, and every other. */
  readonly first: readonly [T, T];
  readonly rest: readonly [T, T];
  readonly tail: T;
}

export function listFrame(renderer: Renderer, view: ListView, page: Page, context: RenderContext): ListFrame {
  return encodedFrame({
    head: renderer.listHead(view, page, context),
    ...renderer.entry,
    tail: renderer.listTail(view, page, context),
  });
}

const encoder = new TextEncoder();

export function encodedFrame({ head, first, rest, tail }: ListFrame<string>): ListFrame {
  const encode = ([before, after]: readonly [string, string]) => [encoder.encode(before), encoder.encode(after)] as const;
  return { head: encoder.encode(head), first: encode(first), rest: encode(rest), tail: encoder.encode(tail) };
}
