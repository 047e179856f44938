import { ApiError, upstreamUnavailable } from '../contract/errors.js';
import type { FeedStore } from './types.js';

/**
 * A feed store whose reads fail as an upstream failure (502 upstream_unavailable, "safe to retry
 * shortly"), never as a 500. The stored feed is where every proposal comes from, so an answer
 * without it cannot be degraded honestly: an empty feed would tell a wallet that nothing touches
 * it, and a missing proposal would be a false 404. The store being down is an outage of a
 * dependency, which is exactly what 502 says. Demo wallets never read the feed and keep working.
 * Prebuilt files (the local server on AWS stores serves `/` and `/feed.atom` from them) fail the same
 * way. The adapter below already answers from its last good copy where it has one (healingFeedStore).
 * Writes are left as they are: the feed builder must see its write fail.
 *
 * @example const feedStore = resilientFeedStore(new S3FeedStore(s3, bucket, 'feed.json'));
 */
export function resilientFeedStore(store: FeedStore): FeedStore {
  return {
    read: (ifNoneMatch) => asUpstreamFailure('the proposal feed', () => store.read(ifNoneMatch)),
    write: (feed) => store.write(feed),
    writePrebuilt: (name, file) => store.writePrebuilt(name, file),
    readPrebuilt: (name) => asUpstreamFailure(`the prebuilt ${name}`, () => store.readPrebuilt(name)),
    repair: (now) => store.repair(now),
    // A health check never fails on the store: it only reports a repair it can read.
    lastRepair: () => store.lastRepair().catch(() => undefined),
    claimWriter: () => store.claimWriter(),
    releaseWriter: () => store.releaseWriter(),
  };
}

/** Runs a read; any failure (the SDK not loading, S3 down with no last good copy in memory) is logged and becomes a 502. */
async function asUpstreamFailure<T>(what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', message: 'feed store read failed; answering 502', what, cause: String(error).slice(0, 500) }));
    throw error instanceof ApiError ? error : upstreamUnavailable(`${what} could not be read; retry shortly`, error);
  }
}
