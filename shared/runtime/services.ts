import type { PositionsSnapshot } from '../scan/positionsFor.js';
import { SlidingWindowRateLimiter } from '../ratelimit/rateLimiter.js';
import { FileFeedStore } from '../stores/file/fileFeedStore.js';
import { MemoryCounterStore } from '../stores/memory/memoryCounterStore.js';
import { MemoryTtlCache } from '../stores/memory/memoryTtlCache.js';
import type { FeedStore, TtlCache } from '../stores/types.js';
import type { EnsResolver } from '../ens/ensResolver.js';
import { createUpstreams, type Upstreams } from '../upstream/upstreams.js';
import { type Config, configFromEnv } from './config.js';

/** Everything a handler reaches outside itself, built once per process (or Lambda container). */
export interface Services {
  config: Config;
  limiter: SlidingWindowRateLimiter;
  scanCache: TtlCache<PositionsSnapshot>;
  ensCache: TtlCache<string | null>;
  feedStore: FeedStore;
  /** Every upstream, with its endpoint, policy and request counter: module components get them in their context. */
  upstreams: Upstreams;
  /**
   * An ens resolver to use instead of the one built on `upstreams.ethereum` (ensResolverOf), which
   * only the wallet handlers load, so functions that never see a name never bundle viem.
   */
  ens?: EnsResolver;
  now: () => Date;
}

/** The embedded stores: memory and files, for one machine; the upstreams from the environment unless given (UPSTREAM=recorded). */
export function embeddedServices(config: Config = configFromEnv(), upstreams: Upstreams = createUpstreams()): Services {
  return {
    config,
    limiter: new SlidingWindowRateLimiter(new MemoryCounterStore(), { name: 'default', ...config.rateLimit }),
    scanCache: new MemoryTtlCache<PositionsSnapshot>(),
    ensCache: new MemoryTtlCache<string | null>(),
    feedStore: new FileFeedStore(config.feedPath),
    upstreams,
    now: () => new Date(),
  };
}

let current: Promise<Services> | undefined;

/**
 * The services of this process, built on first use. Asynchronous so that a deployment's store
 * adapters (and their SDKs) can be loaded only where they are chosen.
 */
export const services = (): Promise<Services> => (current ??= servicesFromEnv());

/**
 * The AWS stores when a table is configured, else the embedded ones; the SDK loads only for the
 * first. The upstreams are the environment's unless given (the local server's UPSTREAM=recorded).
 */
export async function servicesFromEnv(env: NodeJS.ProcessEnv = process.env, upstreams?: Upstreams): Promise<Services> {
  if (!env.TABLE_NAME) return embeddedServices(configFromEnv(env), upstreams ?? createUpstreams({ env }));
  const { awsServices } = await import('./awsServices.js');
  return awsServices({ env, ...(upstreams && { upstreams }) });
}

/** Replaces the services of this process: the local server's options, and tests. */
export const useServices = (next: Services): void => {
  current = Promise.resolve(next);
};
