/** The names a feed store keeps beside its feed, all derived from the feed's own name (`feed.json`). */
export interface FeedNames {
  feed: string;
  /** A copy of the last feed written or read whole: what a deleted or damaged feed is rebuilt from. */
  lastGood: string;
  /** The last repair, for /api/health in every process that serves the store. */
  repair: string;
  /** Where a feed that did not parse is kept for inspection: `feed.corrupt-2026-11-25T14-00-00Z.json`. */
  corrupt(at: Date): string;
  /** Every name corrupt() can give, as an IAM resource pattern (infra grants the builder those keys). */
  corruptPattern: string;
}

/** @example feedNames('feed.json').lastGood // 'feed.last-good.json' */
export function feedNames(feed: string): FeedNames {
  const stem = feed.endsWith('.json') ? feed.slice(0, -'.json'.length) : feed;
  return {
    feed,
    lastGood: `${stem}.last-good.json`,
    repair: `${stem}.repair.json`,
    // Colons are not allowed in Windows file names and are awkward in S3 keys and URLs.
    corrupt: (at) => `${stem}.corrupt-${at.toISOString().replace(/\.\d{3}Z$/, 'Z').replaceAll(':', '-')}.json`,
    corruptPattern: `${stem}.corrupt-*.json`,
  };
}
