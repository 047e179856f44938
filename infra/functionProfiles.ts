import { Duration } from 'aws-cdk-lib';
import { ROUTES } from '../shared/api/routes.js';

/** The scheduled feed builder's entry: functions/buildFeed.ts. It answers no route. */
export const FEED_BUILDER_ENTRY = 'buildFeed';

/** The webhook delivery function's entry: functions/deliverWebhooks.ts, fed by SQS (infra/webhooks.ts). It answers no route. */
export const WEBHOOK_DELIVERY_ENTRY = 'deliverWebhooks';

/** The entries that answer no HTTP route: no origin secret, no route throttle. */
export const NON_HTTP_ENTRIES: readonly string[] = [FEED_BUILDER_ENTRY, WEBHOOK_DELIVERY_ENTRY];

/** API Gateway's throttle on a route: steady requests per second, and the burst above it (token bucket). */
export interface RouteThrottle {
  rateLimit: number;
  burstLimit: number;
}

/** What a function is given: its size, the only stores it may touch (least privilege), and its routes' throttle. */
export interface FunctionProfile {
  memoryMb: number;
  timeout: Duration;
  /**
   * The ceiling on all callers together of the routes this function answers (infra/httpApi.ts), not
   * the per-client limit (the limiter in the handlers, and the web ACL's per-address rule). Sized so
   * that rate × timeout, the most executions a route can hold at once if every call ran to its
   * timeout, stays well under Lambda's default 1,000 concurrent executions per region, with the
   * heavy routes the smallest share: a flood of one route cannot starve the others.
   */
  throttle: RouteThrottle;
  /** Reads the built feed object (GetObject on that one key). */
  readsFeed: boolean;
  /** Reads and writes the table: rate-limit counters, scan and ens caches. */
  usesTable: boolean;
  /** Writes the built feed object (the feed builder only). */
  writesFeed: boolean;
  /** Reads and writes the watches' items of the table (the `watch` partition only): signed webhooks, issue #24. */
  usesWatches?: boolean;
  /** Sends jobs to the webhook queue (the feed builder's hand-off, the deliveries' retries). */
  sendsWebhookJobs?: boolean;
}

// Answers built from code and constants: no store, no upstream, a few ms of work once loaded. Memory
// buys CPU on Lambda, and a cold start is mostly parsing the bundle (bench/bundles.ts); 256 MB keeps
// that tolerable for an answer that is otherwise nearly free, where 128 MB would double it.
// 50 requests a second × 5 s = at most 250 executions at once.
const STATIC: FunctionProfile = { memoryMb: 256, timeout: Duration.seconds(5), throttle: { rateLimit: 50, burstLimit: 100 }, readsFeed: false, usesTable: false, writesFeed: false };

// Wallet work: the limiter and caches in DynamoDB, the stored feed, every module's exposure in
// parallel under a 3 s deadline after a possible 3 s ens lookup (config.moduleDeadlineMs). 15 s covers
// that with room and stays under API Gateway's 30 s integration limit. 1024 MB: these bundles carry
// the chain libraries (cosmjs alone is 1.4 MB) and parse them on every cold start; more CPU halves that.
// 10 a second × 15 s = at most 150 at once; each uncached one also fans out to the public RPCs,
// whose per-address quotas every caller of this deployment shares.
const WALLET: FunctionProfile = { memoryMb: 1024, timeout: Duration.seconds(15), throttle: { rateLimit: 10, burstLimit: 20 }, readsFeed: true, usesTable: true, writesFeed: false };
// Feed reads: the stored feed and, with a wallet, a scan. 20 a second × 15 s = at most 300 at once;
// the unfiltered feed is mostly answered from CloudFront's cache and never gets here.
const FEED_READ: FunctionProfile = { ...WALLET, throttle: { rateLimit: 20, burstLimit: 40 } };

/** Every function, by entry name under functions/. Each route's entry must be here (tests check it). */
export const FUNCTION_PROFILES: Record<string, FunctionProfile> = {
  health: STATIC,
  notFound: STATIC,
  // Reads the stored feed for one number per spam rule (how many proposals it holds back now).
  catalog: { ...STATIC, readsFeed: true },
  llms: STATIC,
  // Renders the scan it runs itself: the same stores and upstreams as scan.
  page: WALLET,
  // One proposal's page: the limiter and the stored feed, no scan and no chain library (a demo id
  // loads its module's demo data). Cached at the edge for 5 minutes; 20 a second × 10 s = 200 at once.
  proposalPage: { ...FEED_READ, memoryMb: 512, timeout: Duration.seconds(10) },
  // Builds the OpenAPI document from the zod schemas on its first call: CPU-bound, once per container.
  // Cached at the edge for 5 minutes, so 10 a second × 10 s (100 at once) is plenty.
  openapi: { ...STATIC, memoryMb: 512, timeout: Duration.seconds(10), throttle: { rateLimit: 10, burstLimit: 20 } },
  scan: WALLET,
  proposals: FEED_READ,
  proposal: FEED_READ,
  // The positions half of a scan: limiter and caches, but never the feed.
  positions: { ...WALLET, readsFeed: false },
  // One ens lookup under a 3 s deadline, behind the limiter and the ens cache; only viem to load.
  // 10 a second × 10 s = at most 100 at once, each a possible mainnet RPC call.
  ens: { memoryMb: 512, timeout: Duration.seconds(10), throttle: { rateLimit: 10, burstLimit: 20 }, readsFeed: false, usesTable: true, writesFeed: false },
  // POST /api/simulate: the limiter's counters, then the simulator on the posted account; no feed, no
  // upstream (issue #24). Loads every module's what-if shape and calculators, so more than STATIC's
  // memory for its cold start; the work is milliseconds. 10 a second × 10 s = at most 100 at once.
  simulate: { memoryMb: 512, timeout: Duration.seconds(10), throttle: { rateLimit: 10, burstLimit: 20 }, readsFeed: false, usesTable: true, writesFeed: false },
  // POST /mcp (issue #24 item 4): each tool call is one of the API's reads (a scan at worst), behind the
  // same limiter, so the wallet routes' size and time; agents call in bursts, so the feed reads' ceiling.
  mcp: FEED_READ,
  // Every source in parallel under a 20 s deadline each (config.sourceDeadlineMs), then merge and one
  // write. 60 s leaves room for a slow S3 write yet ends long before the next run five minutes later,
  // so two builds never overlap. It reads the previous feed to merge with it (last good per source).
  // Answers no route: its throttle is never applied.
  [FEED_BUILDER_ENTRY]: { memoryMb: 1024, timeout: Duration.seconds(60), throttle: { rateLimit: 0, burstLimit: 0 }, readsFeed: true, usesTable: false, writesFeed: true, sendsWebhookJobs: true },
  // The watch operations (issue #24 item 3): the limiter, an ens lookup, the watches' items, and one
  // signed request to the receiver with a 10 s timeout (verification or ping): 15 s covers both.
  // 2 a second × 15 s = at most 30 at once: creating watches is rare, and each costs a receiver a request.
  watches: { memoryMb: 512, timeout: Duration.seconds(15), throttle: { rateLimit: 2, burstLimit: 5 }, readsFeed: false, usesTable: true, writesFeed: false, usesWatches: true },
  // Drains the webhook queue: checks the watched wallets with the scan (chain libraries, the stored
  // feed, the scan cache) and makes signed attempts of 10 s at most, a few per batch. 120 s holds a
  // batch of 5 messages each timing out, or one pass over the watches; SQS's visibility timeout is 6 × it.
  [WEBHOOK_DELIVERY_ENTRY]: { memoryMb: 1024, timeout: Duration.seconds(120), throttle: { rateLimit: 0, burstLimit: 0 }, readsFeed: true, usesTable: true, writesFeed: false, usesWatches: true, sendsWebhookJobs: true },
};

/** The entries the stack deploys: every routed entry (in route order), then the feed builder and the webhook delivery function. */
export const FUNCTION_ENTRIES: readonly string[] = [...new Set([...ROUTES.map((route) => route.entry), ...NON_HTTP_ENTRIES])];

export function profileOf(entry: string): FunctionProfile {
  const profile = FUNCTION_PROFILES[entry];
  if (!profile) throw new Error(`functions/${entry}.ts has no profile in infra/functionProfiles.ts (memory, timeout, stores)`);
  return profile;
}
