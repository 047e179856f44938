/**
 * What the feed builder accepts from a source (issue #19: a stored or upstream value must never
 * break an answer). Anyone who can post in a tracked space writes these values, so each has a
 * bound; the bounds are wide enough that no real proposal in the recorded fixtures meets them.
 */

/**
 * Dates from 1970-01-01 up to (not including) 2200-01-01. Outside, a value is dropped and the
 * proposal keeps a notice: a Snapshot `end` of year 10000 serializes as `+010000-…`, which no
 * date-time parser of a client reads, and no governance vote runs for centuries.
 */
export const EARLIEST_DATE_MS = Date.UTC(1970, 0, 1);
export const LATEST_DATE_MS = Date.UTC(2200, 0, 1);

/**
 * Text bounds in characters (UTF-16 code units, as the wire's strings count them), cut at a code
 * point with an ellipsis. Snapshot caps a title at 256 and a body at 10,000 (20,000 for its
 * larger spaces); the longest recorded on-chain proposal body is about 30,000.
 */
export const TEXT_LIMITS = {
  title: 500,
  /** summarize() already stores at most 600; a source that does not use it is cut here. */
  summary: 1_000,
  description: 100_000,
  proposer: 200,
  /** A link's or a spam verdict's words. */
  label: 200,
  reason: 500,
  /** A change's market, asset, parameter and string values. */
  changeField: 200,
  evidence: 500,
  /** URLs: the length most browsers and CDNs handle; a longer one is dropped, not cut. */
  url: 2_048,
} as const;

/** Links and changes a proposal keeps; the rest are dropped with a notice. */
export const MAX_SOURCE_LINKS = 20;
export const MAX_CHANGES = 200;
