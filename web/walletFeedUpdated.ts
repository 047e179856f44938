import { createHash } from 'node:crypto';
import type { FeedProposal } from '../shared/domain/proposal.js';

/**
 * When a feed entry (or a calendar event) last changed, derived from the proposal alone, with no
 * store: the minute of the latest of its own dates already reached at `asOf` (created or first
 * seen, voting start, voting end, effective date), with the seconds taken from a hash of what the
 * entry says (status, and for a wallet its level and figure). So it moves when a milestone passes
 * (pending → active → ended → executable: the status moves with them) and when the level, status or
 * figure changes between two milestones, and never from one request to the next. The seconds make
 * a change visible to readers that compare `updated` values; the minute stays true.
 */
export function entryUpdated(proposal: FeedProposal, fingerprint: string, asOf: string): string {
  const asOfMs = Date.parse(asOf);
  const dates = [proposal.timeline.created ?? proposal.firstSeen, proposal.timeline.start, proposal.timeline.end, proposal.effectiveDate]
    .map((iso) => (iso === undefined ? Number.NaN : Date.parse(iso)))
    .filter((ms) => Number.isFinite(ms));
  const reached = dates.filter((ms) => !(ms > asOfMs));
  // A proposal whose every date is ahead (a recording read later than it ran, a clock behind): its earliest.
  const milestone = reached.length > 0 ? Math.max(...reached) : dates.length > 0 ? Math.min(...dates) : 0;
  const seconds = createHash('sha256').update(`${proposal.status}|${fingerprint}`).digest().readUInt32BE(0) % 60;
  return new Date(Math.floor(milestone / 60_000) * 60_000 + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** The latest of some RFC 3339 times (they are all UTC, so they sort as text), or the epoch for none. */
export const latestOf = (times: readonly string[]): string => [...times].sort().at(-1) ?? '1970-01-01T00:00:00Z';
