import type { TtlCache } from '../types.js';

/** A bounded in-memory TTL cache; when full, the oldest entry goes first. */
export class MemoryTtlCache<T> implements TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAtMs: number }>();

  constructor(private readonly maxEntries = 10_000) {}

  async get(key: string, nowMs: number): Promise<T | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  async set(key: string, value: T, expiresAtMs: number): Promise<void> {
    this.entries.delete(key);
    this.entries.set(key, { value, expiresAtMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
