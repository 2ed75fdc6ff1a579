/** The value `map` holds for `key`: made by `make` the first time it is asked for, the same one after. */
export function memoized<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (!map.has(key)) map.set(key, make());
  return map.get(key)!;
}
