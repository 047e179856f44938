/** Settings read from the environment; every one has a default that works on one machine. */
export interface Config {
  /** Public base address for webUrl; when unset, the request's own host is used. */
  publicBaseUrl?: string;
  rateLimit: { quota: number; windowSeconds: number; secret: string };
  /** Set in AWS: the secret header CloudFront adds; requests without it are refused. */
  originSecret?: string;
  /** Set in AWS: key clients on CloudFront-Viewer-Address (safe only with originSecret). */
  trustViewerAddress: boolean;
  scanCacheSeconds: number;
  ensCacheSeconds: number;
  /** Each module's exposure, and the ens lookup, run under this deadline. */
  moduleDeadlineMs: number;
  /** Each governance source's deadline in a feed build. */
  sourceDeadlineMs: number;
  /** How often the local server rebuilds the feed (the Lambda's schedule is fixed at 5 minutes). */
  feedIntervalSeconds: number;
  /** The feed store's file; its folder also holds the prebuilt pages, the last good copy and the lock. */
  feedPath: string;
}

const integer = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got ${value}`);
  return parsed;
};

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    ...(env.PUBLIC_BASE_URL && { publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/+$/, '') }),
    rateLimit: {
      quota: integer(env.RATE_LIMIT_QUOTA, 30, 'RATE_LIMIT_QUOTA'),
      windowSeconds: integer(env.RATE_LIMIT_WINDOW_SECONDS, 60, 'RATE_LIMIT_WINDOW_SECONDS'),
      // A per-process secret is enough on one machine: counters live as long as the process.
      secret: env.RATE_LIMIT_SECRET ?? randomSecret(),
    },
    ...(env.ORIGIN_SECRET && { originSecret: env.ORIGIN_SECRET }),
    trustViewerAddress: env.TRUST_CLOUDFRONT_VIEWER_ADDRESS === 'true' && Boolean(env.ORIGIN_SECRET),
    scanCacheSeconds: integer(env.SCAN_CACHE_SECONDS, 60, 'SCAN_CACHE_SECONDS'),
    ensCacheSeconds: integer(env.ENS_CACHE_SECONDS, 3600, 'ENS_CACHE_SECONDS'),
    moduleDeadlineMs: integer(env.MODULE_DEADLINE_MS, 3000, 'MODULE_DEADLINE_MS'),
    sourceDeadlineMs: integer(env.SOURCE_DEADLINE_MS, 20_000, 'SOURCE_DEADLINE_MS'),
    feedIntervalSeconds: integer(env.FEED_INTERVAL_SECONDS, 300, 'FEED_INTERVAL_SECONDS'),
    // One store per upstream mode: a feed replayed from recordings must never be served as live.
    feedPath: env.FEED_PATH || `.data/${env.UPSTREAM === 'recorded' ? 'recorded' : 'live'}/feed.json`,
    // Upstream endpoints (ETH_RPC_URL and the others) live in shared/upstream/endpoints.ts.
  };
}

/** 32 random bytes as hex, from the Web Crypto global: loaded only where no secret is configured (never in AWS). */
function randomSecret(): string {
  return Array.from(globalThis.crypto.getRandomValues(new Uint8Array(32)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
