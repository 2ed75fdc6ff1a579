/** The value `map` keeps for `key`, made by `make` and kept the first time it is asked for. */
export function keptIn<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (!map.has(key)) map.set(key, make());
  return map.get(key)!;
}
