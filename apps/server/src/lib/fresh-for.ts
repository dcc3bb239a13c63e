/**
 * Remembers what `load` answered for a key during `ms`, so that work repeated many times a second (a campaign's
 * template, the opt-out words, for each slice) reads the database once a while; a failed load is not remembered.
 */
export function freshFor<K, V>(ms: number, load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const cache = new Map<K, { at: number; value: Promise<V> }>();
  return (key) => {
    const now = performance.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < ms) return hit.value;
    const value = load(key);
    cache.set(key, { at: now, value });
    value.catch(() => {
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    return value;
  };
}
