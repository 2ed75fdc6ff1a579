/**
 * Appends `items` to `target` one by one: `target.push(...items)` passes every
 * item as an argument, and past about 100,000 of them overflows the call stack.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
