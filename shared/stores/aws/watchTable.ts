/**
 * The watches' table (issue #24 item 3): its own table, not the state table, because a watch is a
 * user's data that must outlive a day and survive a teardown, where every item of the state table
 * expires by TTL. The same key names as the state table (TABLE in table.ts). Imports nothing.
 */

/** Every watch is one item of this partition, sorted by id: a list is one Query, no Scan. */
export const WATCH_PARTITION = 'watch';

/** Attributes beyond the keys. */
export const WATCH_ATTRIBUTE = {
  /** The watch without its state, as JSON text. */
  watch: 'v',
  /** The wallet as `<kind>:<address>`, for the per-wallet count. */
  wallet: 'w',
  /** The last check's state, as JSON text. */
  state: 's',
  /** Set when deliveries stopped (410), as JSON text. */
  disabled: 'd',
} as const;
