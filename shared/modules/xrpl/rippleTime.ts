import { isoFromUnixSeconds } from '../../governance/time.js';

/** Seconds from the Unix epoch to the Ripple epoch, 2000-01-01T00:00:00Z (xrpl-dev-portal basic data types). */
export const RIPPLE_EPOCH_OFFSET = 946_684_800;

/**
 * An ISO date-time from a ledger time (seconds since the Ripple epoch), as in `date` and
 * `Majority.CloseTime`; undefined when absent. Pure.
 *
 * @example isoFromRippleTime(786494751) // '2024-12-02T22:45:51Z'
 */
export function isoFromRippleTime(seconds: number | undefined): string | undefined {
  return seconds === undefined ? undefined : isoFromUnixSeconds(seconds + RIPPLE_EPOCH_OFFSET);
}
