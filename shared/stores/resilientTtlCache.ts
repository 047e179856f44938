import type { TtlCache } from './types.js';

/**
 * A cache whose store may fail (throttling, a 5xx, a timeout): a failed read is a miss and a
 * failed write is skipped, both logged. A cache only saves work, so its outage must cost time,
 * never an answer.
 *
 * @example const scanCache = resilientTtlCache(new DynamoTtlCache(client, table, KEY_PREFIX.scanCache), 'scan');
 */
export function resilientTtlCache<T>(cache: TtlCache<T>, name: string): TtlCache<T> {
  const warn = (operation: 'get' | 'set', error: unknown) =>
    console.warn(JSON.stringify({ level: 'warn', message: `${name} cache ${operation} failed; treated as a miss`, cause: String(error).slice(0, 500) }));
  return {
    async get(key, nowMs) {
      try {
        return await cache.get(key, nowMs);
      } catch (error) {
        warn('get', error);
        return undefined;
      }
    },
    async set(key, value, expiresAtMs) {
      try {
        await cache.set(key, value, expiresAtMs);
      } catch (error) {
        warn('set', error);
      }
    },
  };
}
