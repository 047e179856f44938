import type { PositionsSnapshot } from '../scan/positionsSnapshot.js';
import type { SlidingWindowRateLimiter } from '../ratelimit/rateLimiter.js';
import type { FeedStore, TtlCache } from '../stores/types.js';
import type { Upstreams } from '../upstream/upstreams.js';
import type { Config } from './config.js';

/*
 * The port: what a handler reaches outside itself. The code that picks adapters for it (embedded
 * or AWS stores, the environment's upstreams) is the composition root, servicesFromEnv.ts; nothing
 * here imports an adapter, so the scan, the ens resolver and the stores can all name this port.
 */

/** Resolves a normalized ens name to its mainnet address, or null when it has none. */
export interface EnsResolver {
  resolve(name: string): Promise<string | null>;
}

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
