import type { FeedProposal } from '../domain/proposal.js';
import type { Recording } from '../upstream/recording.js';

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
  /** Set when the feed was built from recordings (UPSTREAM=recorded): its files and pages say so, and of when. */
  recording?: Recording;
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

/** The content type each prebuilt file is stored and served with. */
export const PREBUILT_CONTENT_TYPES: Record<PrebuiltName, string> = {
  'index.html': 'text/html; charset=utf-8',
  'feed.atom': 'application/atom+xml; charset=utf-8',
};

/** What a store did to heal itself before a build: reported by /api/health and the build's log line. */
export interface FeedStoreRepair {
  /** When the repair was made (ISO). */
  at: string;
  /** What was found and done, in one sentence. */
  message: string;
  /** The dated name an unreadable feed was kept under for inspection, when it could be kept. */
  setAsideAs?: string;
}

/** Whether this process may write the store: refused while another live process holds its lock. */
export type WriterClaim = { claimed: true } | { claimed: false; holder: string };

export interface FeedStore {
  /**
   * The current feed; `unchanged` when its ETag still equals `ifNoneMatch`. A feed deleted, unreadable
   * or not whole is answered from the last good copy where there is one, so readers never see an
   * empty feed (and false 404s) while one was good a moment ago.
   */
  read(ifNoneMatch?: string): Promise<FeedRead>;
  /** Replaces the feed in one atomic write and returns its ETag. */
  write(feed: StoredFeed): Promise<string>;
  /** Replaces one prebuilt file beside the feed, atomically as the feed is. */
  writePrebuilt(name: PrebuiltName, file: PrebuiltFile): Promise<void>;
  /** A prebuilt file, or undefined before the first build wrote it. */
  readPrebuilt(name: PrebuiltName): Promise<PrebuiltFile | undefined>;
  /**
   * Run by the feed builder before it reads the previous feed: a feed that does not parse (or is not
   * a stored feed) is set aside under a dated name, so the build goes on from the last good copy, or
   * from empty where there is none. Returns what it did, undefined when there was nothing to heal.
   */
  repair(now: Date): Promise<FeedStoreRepair | undefined>;
  /** The last repair recorded beside the feed (or made by this process), for /api/health. */
  lastRepair(): Promise<FeedStoreRepair | undefined>;
  /** Takes (or confirms) the right to write: one writer per store (a lock file locally; one scheduled builder in AWS). */
  claimWriter(): Promise<WriterClaim>;
  /** Gives the right to write up (a server closing). */
  releaseWriter(): Promise<void>;
}
