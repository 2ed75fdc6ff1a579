/**
 * A look-ahead window: `work` on each item, up to `width` at once, the results
 * handed on in the items' order, so memory stays flat however many items there
 * are. When the caller stops (or a result fails), the work under way is
 * waited for before the failure goes on: nothing a thread does is left
 * running behind it.
 */
export async function* inOrder<T, R>(
  items: AsyncIterable<T> | Iterable<T>,
  width: number,
  work: (item: T) => Promise<R>,
): AsyncGenerator<R> {
  const pending: Promise<R>[] = [];
  try {
    for await (const item of items) {
      const promise = work(item);
      promise.catch(() => {}); // its failure is thrown when it is awaited, in order
      pending.push(promise);
      if (pending.length >= width) yield await pending.shift()!;
    }
    while (pending.length) yield await pending.shift()!;
  } finally {
    await Promise.allSettled(pending);
  }
}
