import { CHANGED_RECENTLY_DAYS } from '../contract/mechanisms.js';
import { type FeedProposal, mechanismOf } from '../domain/proposal.js';
import type { Recording } from '../upstream/recording.js';

const WINDOW_MS = CHANGED_RECENTLY_DAYS * 24 * 3600 * 1000;

/**
 * Whether the feed still holds a proposal: a change made without a vote stays for
 * CHANGED_RECENTLY_DAYS after it took effect (so a scan can say "changed 2 days ago") and then
 * leaves, since steward and oracle updates arrive by the hundred. Votes keep the rules of their
 * sources. Pure.
 */
export function stillInFeed(proposal: Pick<FeedProposal, 'mechanism' | 'status' | 'timeline' | 'effectiveDate'>, now: Date): boolean {
  if (mechanismOf(proposal) === 'vote' || proposal.status !== 'executed') return true;
  const at = proposal.timeline.effectiveAt ?? proposal.effectiveDate;
  return at === undefined || now.getTime() - Date.parse(at) <= WINDOW_MS;
}

/**
 * The clock a proposal's stay is counted on: under UPSTREAM=recorded, its protocol's recorded date
 * (a recorded change is as old as its recording says, never as old as today), else `now`. Pure.
 */
export function retentionClock(protocol: string, now: Date, recording?: Pick<Recording, 'modules'>): Date {
  const at = recording?.modules[protocol];
  return at ? new Date(at) : now;
}
