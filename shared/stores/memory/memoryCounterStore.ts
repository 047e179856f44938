import type { RateLimitCounterStore } from '../types.js';

/**
 * Rate-limit counters in process memory: one Node process is one atomic domain. Bounded: expired
 * windows are swept now and then, and past `maxKeys` (a flood of distinct clients) the oldest
 * counters go first — forgetting a client's count can only let it through, never refuse it.
 */
export class MemoryCounterStore implements RateLimitCounterStore {
  /**
   * Per client, its windows' counters (a client has the current and the previous one live). Keyed by
   * the client's key as given, not by a key and window joined into new text: the limiter passes the
   * same string on every request, so its hash is worked out once, not on each of a request's lookups.
   */
  private readonly clients = new Map<string, Map<number, { count: number; expiresAtMs: number }>>();
  private counters = 0;
  private writes = 0;

  constructor(private readonly maxKeys = 200_000) {}

  /** Counters held now. */
  get size(): number {
    return this.counters;
  }

  async count(clientKey: string, windowIndex: number): Promise<number> {
    return this.clients.get(clientKey)?.get(windowIndex)?.count ?? 0;
  }

  async incrementIfBelow(clientKey: string, windowIndex: number, ceiling: number, expiresAtMs: number) {
    if (++this.writes % 1000 === 0) this.sweep(Date.now());
    const entry = this.clients.get(clientKey)?.get(windowIndex);
    if (entry && entry.count >= ceiling) return { counted: false, count: entry.count };
    if (!entry && ceiling <= 0) return { counted: false, count: 0 };
    if (entry) {
      entry.count += 1;
      return { counted: true, count: entry.count };
    }
    // A client's new window moves it to the end: the oldest counters, not the longest-known client, go first.
    const windows = this.clients.get(clientKey) ?? new Map<number, { count: number; expiresAtMs: number }>();
    this.clients.delete(clientKey);
    this.clients.set(clientKey, windows);
    windows.set(windowIndex, { count: 1, expiresAtMs });
    this.counters += 1;
    if (this.counters > this.maxKeys) {
      this.sweep(Date.now());
      for (const [key, oldest] of this.clients) {
        if (this.counters <= this.maxKeys) break;
        this.counters -= oldest.size;
        this.clients.delete(key);
      }
    }
    return { counted: true, count: 1 };
  }

  /** Expired windows are dropped now and then, so memory stays bounded by active clients. */
  private sweep(nowMs: number): void {
    for (const [key, windows] of this.clients) {
      for (const [index, entry] of windows) {
        if (entry.expiresAtMs > nowMs) continue;
        windows.delete(index);
        this.counters -= 1;
      }
      if (windows.size === 0) this.clients.delete(key);
    }
  }
}
