import { Duration } from 'aws-cdk-lib';
import { ROUTES } from '../shared/api/routes.js';

/** The scheduled feed builder's entry: functions/buildFeed.ts. It answers no route. */
export const FEED_BUILDER_ENTRY = 'buildFeed';

/** What a function is given: its size, and the only stores it may touch (least privilege). */
export interface FunctionProfile {
  memoryMb: number;
  timeout: Duration;
  /** Reads the built feed object (GetObject on that one key). */
  readsFeed: boolean;
  /** Reads and writes the table: rate-limit counters, scan and ens caches. */
  usesTable: boolean;
  /** Writes the built feed object (the feed builder only). */
  writesFeed: boolean;
}

// Answers built from code and constants: no store, no upstream, a few ms of work once loaded. Memory
// buys CPU on Lambda, and a cold start is mostly parsing the bundle (bench/bundles.ts); 256 MB keeps
// that tolerable for an answer that is otherwise nearly free, where 128 MB would double it.
const STATIC: FunctionProfile = { memoryMb: 256, timeout: Duration.seconds(5), readsFeed: false, usesTable: false, writesFeed: false };

// Wallet work: the limiter and caches in DynamoDB, the stored feed, every module's exposure in
// parallel under a 3 s deadline after a possible 3 s ens lookup (config.moduleDeadlineMs). 15 s covers
// that with room and stays under API Gateway's 30 s integration limit. 1024 MB: these bundles carry
// the chain libraries (cosmjs alone is 1.4 MB) and parse them on every cold start; more CPU halves that.
const WALLET: FunctionProfile = { memoryMb: 1024, timeout: Duration.seconds(15), readsFeed: true, usesTable: true, writesFeed: false };

/** Every function, by entry name under functions/. Each route's entry must be here (tests check it). */
export const FUNCTION_PROFILES: Record<string, FunctionProfile> = {
  health: STATIC,
  notFound: STATIC,
  // Reads the stored feed for one number per spam rule (how many proposals it holds back now).
  catalog: { ...STATIC, readsFeed: true },
  llms: STATIC,
  // Renders the scan it runs itself: the same stores and upstreams as scan.
  page: WALLET,
  // Builds the OpenAPI document from the zod schemas on its first call: CPU-bound, once per container.
  openapi: { ...STATIC, memoryMb: 512, timeout: Duration.seconds(10) },
  scan: WALLET,
  proposals: WALLET,
  proposal: WALLET,
  // The positions half of a scan: limiter and caches, but never the feed.
  positions: { ...WALLET, readsFeed: false },
  // One ens lookup under a 3 s deadline, behind the limiter and the ens cache; only viem to load.
  ens: { memoryMb: 512, timeout: Duration.seconds(10), readsFeed: false, usesTable: true, writesFeed: false },
  // Every source in parallel under a 20 s deadline each (config.sourceDeadlineMs), then merge and one
  // write. 60 s leaves room for a slow S3 write yet ends long before the next run five minutes later,
  // so two builds never overlap. It reads the previous feed to merge with it (last good per source).
  [FEED_BUILDER_ENTRY]: { memoryMb: 1024, timeout: Duration.seconds(60), readsFeed: true, usesTable: false, writesFeed: true },
};

/** The entries the stack deploys: every routed entry (in route order), then the feed builder. */
export const FUNCTION_ENTRIES: readonly string[] = [...new Set([...ROUTES.map((route) => route.entry), FEED_BUILDER_ENTRY])];

export function profileOf(entry: string): FunctionProfile {
  const profile = FUNCTION_PROFILES[entry];
  if (!profile) throw new Error(`functions/${entry}.ts has no profile in infra/functionProfiles.ts (memory, timeout, stores)`);
  return profile;
}
