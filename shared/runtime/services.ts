import type { PositionsSnapshot } from '../scan/positionsFor.js';
import type { SlidingWindowRateLimiter } from '../ratelimit/rateLimiter.js';
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


let current: Promise<Services> | undefined;

/**
 * A Lambda container's services, built on first use from its environment: the composition root of
 * the functions as deployed (the local server builds its own and hands them to the handlers).
 * Asynchronous so that a deployment's store adapters (and their SDKs) load only where chosen.
 */
export const services = (): Promise<Services> => (current ??= servicesFromEnv());

/**
 * The AWS stores when a table is configured, else the embedded ones; the SDK loads only for the
 * first. The upstreams are the environment's unless given (the local server's UPSTREAM=recorded).
 */
export async function servicesFromEnv(env: NodeJS.ProcessEnv = process.env, upstreams?: Upstreams): Promise<Services> {
  if (!env.TABLE_NAME) {
    // Imported here, as the AWS stores are: a Lambda never builds the file and memory stores, and
    // their file and hashing modules would otherwise load on every cold start.
    const { embeddedServices } = await import('./embeddedServices.js');
    return embeddedServices(configFromEnv(env), upstreams ?? createUpstreams({ env }));
  }
  const { awsServices } = await import('./awsServices.js');
  return awsServices({ env, ...(upstreams && { upstreams }) });
}
