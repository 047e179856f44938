import { upstreamUnavailable } from '../contract/errors.js';
import type { FeedStore } from './types.js';

/**
 * A feed store whose reads fail as an upstream failure (502 upstream_unavailable, "safe to retry
 * shortly"), never as a 500. The stored feed is where every proposal comes from, so an answer
 * without it cannot be degraded honestly: an empty feed would tell a wallet that nothing touches
 * it, and a missing proposal would be a false 404. The store being down is an outage of a
 * dependency, which is exactly what 502 says. Demo wallets never read the feed and keep working.
 * Writes are left as they are: the feed builder must see its write fail.
 *
 * @example const feedStore = resilientFeedStore(new S3FeedStore(s3, bucket, 'feed.json'));
 */
export function resilientFeedStore(store: FeedStore): FeedStore {
  return {
    async read(ifNoneMatch) {
      try {
        return await store.read(ifNoneMatch);
      } catch (error) {
        console.warn(JSON.stringify({ level: 'warn', message: 'feed store read failed; answering 502', cause: String(error).slice(0, 500) }));
        throw upstreamUnavailable('the proposal feed could not be read; retry shortly', error);
      }
    },
    write: (feed) => store.write(feed),
    writePrebuilt: (name, file) => store.writePrebuilt(name, file),
    readPrebuilt: (name) => store.readPrebuilt(name),
  };
}
