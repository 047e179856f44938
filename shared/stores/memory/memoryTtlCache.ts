import type { TtlCache } from '../types.js';

export interface MemoryTtlCacheOptions<T> {
  /** At most this many entries. */
  maxEntries?: number;
  /** At most about this many bytes of values, as `sizeOf` measures them. */
  maxBytes?: number;
  /** A value's size in bytes; by default the length of its JSON (what the stores hold anyway). */
  sizeOf?: (value: T) => number;
}

/**
 * A bounded in-memory TTL cache: by entries and by bytes, so a flood of distinct wallets cannot
 * grow the process without limit (each scan snapshot can weigh tens of kilobytes). When full, the
 * oldest entry goes first; a value larger than the whole budget is not kept.
 */
export class MemoryTtlCache<T> implements TtlCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAtMs: number; bytes: number }>();
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly sizeOf: (value: T) => number;
  private bytes = 0;

  constructor({ maxEntries = 10_000, maxBytes = 64 * 1024 * 1024, sizeOf = (value) => JSON.stringify(value)?.length ?? 0 }: MemoryTtlCacheOptions<T> = {}) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
    this.sizeOf = sizeOf;
  }

  /** Entries and bytes held now. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async get(key: string, nowMs: number): Promise<T | undefined> {
    return this.peek(key, nowMs);
  }

  /**
   * `get` without the promise: for callers in this process on a request's hot path, where a turn of
   * the microtask queue per lookup is a measurable part of a cached answer.
   */
  peek(key: string, nowMs: number): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAtMs <= nowMs) {
      this.remove(key);
      return undefined;
    }
    return entry.value;
  }

  async set(key: string, value: T, expiresAtMs: number): Promise<void> {
    this.keep(key, value, expiresAtMs);
  }

  /** `set` without the promise, as `peek` is `get` without it. */
  keep(key: string, value: T, expiresAtMs: number): void {
    this.remove(key);
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, expiresAtMs, bytes });
    this.bytes += bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}
