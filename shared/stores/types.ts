import type { FeedProposal } from '../domain/proposal.js';

/**
 * Store interfaces. Embedded implementations (memory, files) serve one machine; DynamoDB and S3
 * implementations serve AWS. Each method maps onto one atomic operation of those services.
 */

/** Counters of a sliding-window limiter: one per client and fixed window. */
export interface RateLimitCounterStore {
  /** The count of a closed window (0 when none); it no longer changes, so it can be read apart. */
  count(clientKey: string, windowIndex: number): Promise<number>;
  /**
   * Adds one to the window's count if the count is below `ceiling`, atomically (a conditional
   * update in DynamoDB). Counters may be dropped `expiresAtMs` onwards (a TTL attribute).
   */
  incrementIfBelow(
    clientKey: string,
    windowIndex: number,
    ceiling: number,
    expiresAtMs: number,
  ): Promise<{ counted: boolean; count: number }>;
}

/** A cache with a time to live per entry (scan results, ens resolutions). */
export interface TtlCache<T> {
  get(key: string, nowMs: number): Promise<T | undefined>;
  set(key: string, value: T, expiresAtMs: number): Promise<void>;
}

export interface SourceState {
  ok: boolean;
  /** When the last attempt to read the source finished. */
  checkedAt: string;
  /** When the source last answered; its proposals in the feed are from then. */
  lastSuccessAt?: string;
  message?: string;
}

/** The built global feed: written whole by the feed builder, read by every request. */
export interface StoredFeed {
  builtAt: string;
  sources: Record<string, SourceState>;
  proposals: FeedProposal[];
}

export type FeedRead = { status: 'found'; feed: StoredFeed; etag: string } | { status: 'unchanged' } | { status: 'missing' };

/** The files the feed builder prebuilds from the feed it has just written, stored beside it. */
export const PREBUILT_FILES = ['index.html', 'feed.atom'] as const;
export type PrebuiltName = (typeof PREBUILT_FILES)[number];

/** A prebuilt file: served as it is (by the local server, or from S3 behind CloudFront). */
export interface PrebuiltFile {
  body: string;
  contentType: string;
}

export interface FeedStore {
  /** The current feed; `unchanged` when its ETag still equals `ifNoneMatch`. */
  read(ifNoneMatch?: string): Promise<FeedRead>;
  /** Replaces the feed in one atomic write and returns its ETag. */
  write(feed: StoredFeed): Promise<string>;
  /** Replaces one prebuilt file beside the feed, atomically as the feed is. */
  writePrebuilt(name: PrebuiltName, file: PrebuiltFile): Promise<void>;
  /** A prebuilt file, or undefined before the first build wrote it. */
  readPrebuilt(name: PrebuiltName): Promise<PrebuiltFile | undefined>;
}
