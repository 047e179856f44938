import { DateTime } from '../../contract/common.js';
import { EARLIEST_DATE_MS, LATEST_DATE_MS } from './limits.js';

export type CleanDateReturnType = { date: string } | { dropped: string } | undefined;

/**
 * A source's date as the feed stores it: kept as written when it is an RFC 3339 date-time the
 * contract accepts, re-written as ISO when it is another string Date reads, in both cases only
 * inside 1970..2199 (limits.ts). Anything else is dropped, with the reason (never the value: it
 * goes into a notice on the wire). Undefined when there was no value. Pure.
 *
 * @example cleanDate('+010000-01-01T00:00:00.000Z') // { dropped: 'outside 1970..2199' }
 */
export function cleanDate(value: unknown): CleanDateReturnType {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return { dropped: `not a date (${typeof value})` };
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return { dropped: 'not a date' };
  if (ms < EARLIEST_DATE_MS || ms >= LATEST_DATE_MS) return { dropped: 'outside 1970..2199' };
  return { date: DateTime.safeParse(value).success ? value : new Date(ms).toISOString() };
}
