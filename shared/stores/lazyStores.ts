import type { FeedStore, RateLimitCounterStore, TtlCache } from './types.js';

/**
 * Stores whose adapter (and its SDK) is imported on the first call, not when the services are
 * built: a function that never touches a store never loads its client. On Lambda that is most of
 * a small function's first answer (health loaded both AWS SDK clients, about 65 ms, to answer "ok").
 */

/** Runs `load` once and shares its promise; a failed load is forgotten, so the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** @example const counters = lazyCounterStore(async () => new DynamoCounterStore(await client(), table)); */
export function lazyCounterStore(load: () => Promise<RateLimitCounterStore>): RateLimitCounterStore {
  const store = loadOnce(load);
  return {
    count: async (clientKey, windowIndex) => (await store()).count(clientKey, windowIndex),
    incrementIfBelow: async (clientKey, windowIndex, ceiling, expiresAtMs) => (await store()).incrementIfBelow(clientKey, windowIndex, ceiling, expiresAtMs),
  };
}

export function lazyTtlCache<T>(load: () => Promise<TtlCache<T>>): TtlCache<T> {
  const cache = loadOnce(load);
  return {
    get: async (key, nowMs) => (await cache()).get(key, nowMs),
    set: async (key, value, expiresAtMs) => (await cache()).set(key, value, expiresAtMs),
  };
}

export function lazyFeedStore(load: () => Promise<FeedStore>): FeedStore {
  let loaded = false;
  const store = loadOnce(async () => {
    const adapter = await load();
    loaded = true;
    return adapter;
  });
  return {
    read: async (ifNoneMatch) => (await store()).read(ifNoneMatch),
    write: async (feed) => (await store()).write(feed),
    writePrebuilt: async (name, file) => (await store()).writePrebuilt(name, file),
    readPrebuilt: async (name) => (await store()).readPrebuilt(name),
    repair: async (now) => (await store()).repair(now),
    // Asked by /api/health, which in AWS has no store at all (least privilege): a container that never
    // loaded the store has made no repair, and loading the SDK to ask would cost health its cold start.
    lastRepair: async () => (loaded ? (await store()).lastRepair() : undefined),
    claimWriter: async () => (await store()).claimWriter(),
    releaseWriter: async () => (loaded ? (await store()).releaseWriter() : undefined),
  };
}
