/**
 * The one DynamoDB table of the service: rate-limit counters, the scan cache and the ens cache
 * share it, told apart by a key prefix. The CDK stack (infra/) and the store adapters both read
 * these names, so this file imports nothing, least of all the AWS SDK.
 */

/** Key schema and TTL attribute as the table is created (CDK in AWS, test/support/dynalite.ts locally). */
export const TABLE = {
  partitionKey: { name: 'pk', type: 'S' },
  sortKey: { name: 'sk', type: 'S' },
  /**
   * Epoch seconds after which DynamoDB may delete the item. Deletion is lazy (typically within
   * two days), so every read still checks expiry itself. `ttl` is a reserved word in expressions:
   * always write it through a `#ttl` placeholder.
   */
  timeToLiveAttribute: 'ttl',
} as const;

/** Partition-key prefixes: one per kind of item, so kinds never collide on a key. */
export const KEY_PREFIX = {
  /** `rl#<keyed client hash>`, sort key the window index. */
  rateLimit: 'rl#',
  /** `scan#<wallet kind>:<address>:<modules>`. */
  scanCache: 'scan#',
  /** `ens#<normalized name>`. */
  ensCache: 'ens#',
} as const;

/** The sort key of cache items: a cache has one item per key. */
export const CACHE_SORT_KEY = 'entry';

/** Attributes beyond the keys; short names, because every byte of an item is billed and counted. */
export const ITEM_ATTRIBUTE = {
  /** A counter's count (a number; `ADD` creates it). */
  count: 'n',
  /** A cache entry's value as JSON text. */
  value: 'v',
  /** A cache entry's exact expiry in epoch milliseconds; `ttl` is rounded up to whole seconds. */
  expiresAtMs: 'exp',
} as const;

/** DynamoDB's item size limit: names and values of every attribute count. */
export const MAX_ITEM_BYTES = 400 * 1024;

/** Epoch seconds for the TTL attribute, rounded up so an item is never deleted early. */
export const ttlSeconds = (expiresAtMs: number): number => Math.ceil(expiresAtMs / 1000);
