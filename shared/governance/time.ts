/** The latest instant a Date holds (ECMA-262 TimeClip: 8.64e15 ms after the epoch). */
const LATEST_DATE_MS = 8.64e15;

/**
 * An ISO date-time from unix seconds (number, bigint or decimal string); undefined for 0 or absent.
 * A time past what a Date holds (anyone posting in a Snapshot space sets `end`) is given as that
 * latest instant rather than thrown: a RangeError here failed the whole source on every build. The
 * feed builder drops such a date with a notice (shared/feed/sanitize/). Pure.
 */
export function isoFromUnixSeconds(seconds: number | bigint | string | undefined | null): string | undefined {
  if (seconds === undefined || seconds === null) return undefined;
  const value = Number(seconds);
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return new Date(Math.min(value * 1000, LATEST_DATE_MS)).toISOString().replace('.000Z', 'Z');
}
