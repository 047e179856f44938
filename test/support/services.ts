import { SlidingWindowRateLimiter } from '../../shared/ratelimit/rateLimiter.js';
import type { Config } from '../../shared/runtime/config.js';
import type { Services } from '../../shared/runtime/services.js';
import { MemoryCounterStore } from '../../shared/stores/memory/memoryCounterStore.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { MemoryTtlCache } from '../../shared/stores/memory/memoryTtlCache.js';
import type { EnsResolver } from '../../shared/ens/ensResolver.js';
import { ENDPOINTS, UPSTREAM_IDS } from '../../shared/upstream/endpoints.js';
import { createUpstreams, type Upstreams } from '../../shared/upstream/upstreams.js';

/**
 * Services for a test: embedded stores, a generous quota unless a test is about the limiter, and
 * an ens resolver pointed at a closed local port unless the test brings its own.
 */
export function testServices(overrides: { quota?: number; ens?: EnsResolver; now?: () => Date; config?: Partial<Config>; upstreams?: Upstreams } = {}): Services {
  const config: Config = {
    rateLimit: { quota: overrides.quota ?? 10_000, windowSeconds: 60, secret: 'test-secret' },
    trustViewerAddress: false,
    scanCacheSeconds: 60,
    ensCacheSeconds: 60,
    moduleDeadlineMs: 500,
    sourceDeadlineMs: 500,
    feedIntervalSeconds: 300,
    feedPath: '',
    ...overrides.config,
  };
  return {
    config,
    limiter: new SlidingWindowRateLimiter(new MemoryCounterStore(), { name: 'default', ...config.rateLimit }),
    scanCache: new MemoryTtlCache(),
    ensCache: new MemoryTtlCache(),
    feedStore: new MemoryFeedStore(),
    upstreams: overrides.upstreams ?? closedPortUpstreams(),
    ...(overrides.ens && { ens: overrides.ens }),
    now: overrides.now ?? (() => new Date()),
  };
}

/** Every upstream on a closed local port, without retries: fails at once, never leaves the machine. */
const closedPortUpstreams = () =>
  createUpstreams({ endpoints: Object.fromEntries(UPSTREAM_IDS.map((id) => [id, ENDPOINTS[id].protocol === 'websocket' ? 'ws://127.0.0.1:9' : 'http://127.0.0.1:9'])), policy: { retries: 0 }, env: {} });
