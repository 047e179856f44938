/**
 * A memo of values worked out from what callers send (an address, a query, a client's IP): the same
 * text asks the same question, so it is answered once. Bounded by entries: a flood of distinct
 * texts empties it, it never grows past `maxEntries`. Only for pure answers of small size; anything
 * that expires belongs in a TTL cache.
 *
 * @example const keys = new BoundedMemo<string, string>(10_000); keys.get(ip) ?? keys.set(ip, clientKey(ip, secret));
 */
export class BoundedMemo<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly maxEntries: number) {}

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Keeps `value` under `key` and returns it. */
  set(key: K, value: V): V {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }
}
