import type { PositionsSnapshot } from '../scan/positionsFor.js';
import { SlidingWindowRateLimiter } from '../ratelimit/rateLimiter.js';
import { FileFeedStore } from '../stores/file/fileFeedStore.js';
import { MemoryCounterStore } from '../stores/memory/memoryCounterStore.js';
import { MemoryTtlCache } from '../stores/memory/memoryTtlCache.js';
import { createUpstreams, type Upstreams } from '../upstream/upstreams.js';
import { type Config, configFromEnv } from './config.js';
import type { Services } from './services.js';

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
