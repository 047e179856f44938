import type { Upstream } from './upstreams.js';

/** A value read on an upstream, and when (ms since the epoch), which the envelope that uses it may state. */
export interface KeptRead<T> {
  value: T;
  at: number;
}

/** What a reader keeps between scans: per upstream object and key, the last value read and when. */
export interface UpstreamReadMemo<T> {
  /** How long a read stands for the scans after it (ms). */
  readonly forMs: number;
  /** The value last kept for this upstream and key, however old, until it is forgotten or replaced. */
  last(upstream: Upstream, key: string): KeptRead<T> | undefined;
  /** The value kept for this upstream and key if it was read less than `forMs` before `now`. */
  fresh(upstream: Upstream, key: string, now?: number): KeptRead<T> | undefined;
  /** Keeps `value` as read at `at`, replacing the last one. */
  keep(upstream: Upstream, key: string, value: T, at?: number): void;
  /** Forgets the kept value (only if it is still `only`, when given: a newer read is not forgotten for an older one's failure). */
  forget(upstream: Upstream, key: string, only?: T): void;
}

/**
 * A memo of reads per upstream and key, standing for `forMs`: a value a scan read on an upstream
 * (the bounds a contract enforces, say) serves the next scans of the same process without a
 * request. Keyed by the upstream object, which a process's services hold once, so two services
 * (or two tests) never see each other's reads. Holds no clock: times come in as arguments.
 *
 * @example
 * const bounds = upstreamReadMemo<Bounds>(60_000);
 * if (!bounds.fresh(upstream, target)) bounds.keep(upstream, target, await readBounds(upstream));
 */
export function upstreamReadMemo<T>(forMs: number): UpstreamReadMemo<T> {
  const byUpstream = new WeakMap<Upstream, Map<string, KeptRead<T>>>();
  const isFresh = (kept: KeptRead<T>, now: number) => now - kept.at < forMs;
  return {
    forMs,
    last: (upstream, key) => byUpstream.get(upstream)?.get(key),
    fresh(upstream, key, now = Date.now()) {
      const kept = byUpstream.get(upstream)?.get(key);
      return kept && isFresh(kept, now) ? kept : undefined;
    },
    keep(upstream, key, value, at = Date.now()) {
      const byKey = byUpstream.get(upstream) ?? new Map<string, KeptRead<T>>();
      byUpstream.set(upstream, byKey);
      // Other keys' expired reads go: a reader whose keys vary (one per wallet's set of assets) would otherwise keep every one for the process's life.
      for (const [other, kept] of byKey) if (other !== key && !isFresh(kept, at)) byKey.delete(other);
      byKey.set(key, { value, at });
    },
    forget(upstream, key, only) {
      const byKey = byUpstream.get(upstream);
      if (byKey && (only === undefined || byKey.get(key)?.value === only)) byKey.delete(key);
    },
  };
}

/**
 * Reads per upstream and key shared by every caller while in flight and for the memo's `forMs`
 * after they started (two scans at once cost one request): the keys not held are read together,
 * `read` answering each of them in order, and every key's value then comes from the memo. A read
 * that fails is forgotten at once for the keys it was for, so the next caller asks again rather
 * than get the failure for the rest of the time.
 *
 * @example const [config, timelock] = await sharedReads(memo, upstream, ['config', 'timelock:weth'], (missing) => readViews(missing));
 */
export function sharedReads<T>(memo: UpstreamReadMemo<Promise<T>>, upstream: Upstream, keys: readonly string[], read: (missing: readonly string[]) => Promise<T[]>, now = Date.now()): Promise<T[]> {
  const missing = [...new Set(keys.filter((key) => !memo.fresh(upstream, key, now)))];
  if (missing.length > 0) {
    const reading = read(missing);
    missing.forEach((key, index) => {
      const one = reading.then((values) => values[index]!);
      memo.keep(upstream, key, one, now);
      one.catch(() => memo.forget(upstream, key, one));
    });
  }
  return Promise.all(keys.map((key) => memo.fresh(upstream, key, now)!.value));
}
