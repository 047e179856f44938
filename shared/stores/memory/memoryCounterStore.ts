import type { RateLimitCounterStore } from '../types.js';

/**
 * Rate-limit counters in process memory: one Node process is one atomic domain. Bounded: expired
 * windows are swept now and then, and past `maxKeys` (a flood of distinct clients) the oldest
 * counters go first — forgetting a client's count can only let it through, never refuse it.
 */
export class MemoryCounterStore implements RateLimitCounterStore {
  private readonly counters = new Map<string, { count: number; expiresAtMs: number }>();
  private writes = 0;

  constructor(private readonly maxKeys = 200_000) {}

  /** Counters held now. */
  get size(): number {
    return this.counters.size;
  }

  async count(clientKey: string, windowIndex: number): Promise<number> {
    return this.counters.get(`${clientKey}#${windowIndex}`)?.count ?? 0;
  }

  async incrementIfBelow(clientKey: string, windowIndex: number, ceiling: number, expiresAtMs: number) {
    const key = `${clientKey}#${windowIndex}`;
    const entry = this.counters.get(key) ?? { count: 0, expiresAtMs };
    if (++this.writes % 1000 === 0) this.sweep(Date.now());
    if (entry.count >= ceiling) return { counted: false, count: entry.count };
    entry.count += 1;
    this.counters.set(key, entry);
    if (this.counters.size > this.maxKeys) {
      this.sweep(Date.now());
      while (this.counters.size > this.maxKeys) this.counters.delete(this.counters.keys().next().value!);
    }
    return { counted: true, count: entry.count };
  }

  /** Expired windows are dropped now and then, so memory stays bounded by active clients. */
  private sweep(nowMs: number): void {
    for (const [key, entry] of this.counters) if (entry.expiresAtMs <= nowMs) this.counters.delete(key);
  }
}
