import type { ParsedQuery } from '../contract/parseQuery.js';
import type { Reply } from './http/types.js';
import type { Services } from '../runtime/services.js';
import { MemoryTtlCache } from '../stores/memory/memoryTtlCache.js';
import { perServices } from '../runtime/perServices.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Serialized answers of this process, per services; bounded by bytes, so many variants cannot grow it. */
const answersOf = perServices(() => new MemoryTtlCache<string>({ maxEntries: 5000, maxBytes: 32 * 1024 * 1024, sizeOf: (body) => body.length }));

/**
 * A JSON answer built, checked and serialized once, then served as the same bytes while `key` (what
 * it was made from: a finished scan's id or the feed's version, and the query) stands, until
 * `expiresAtMs`. A cached scan is then a lookup and a write, not a render, a schema check and a
 * stringify of the same body again.
 *
 * @example return { ...serializedOnce(services, `${scan.id}|${queryKey(query)}`, scan.expiresAtMs, () => envelope) };
 */
export function serializedOnce(services: Services, key: string, expiresAtMs: number, build: () => object): Pick<Reply, 'body' | 'contentType'> {
  const cache = answersOf(services);
  const nowMs = services.now().getTime();
  let body = cache.peek(key, nowMs);
  if (body === undefined) {
    body = JSON.stringify(build());
    if (expiresAtMs > nowMs) cache.keep(key, body, expiresAtMs);
  }
  return { body, contentType: JSON_TYPE };
}

/** A list parameter as a set: order and repeats do not change the answer. */
const setKey = (values: readonly string[] | undefined): string => (values ? [...new Set(values)].sort().join(',') : '');

/** A parsed query as one key: the same request in another spelling (order, repeats) is the same answer. */
export function queryKey(query: ParsedQuery): string {
  return [query.view, setKey(query.protocol), setKey(query.status), setKey(query.mechanism), query.minImpact ?? '', query.since ?? '', query.limit, query.cursor ?? '', query.includeSpam].join('|');
}
