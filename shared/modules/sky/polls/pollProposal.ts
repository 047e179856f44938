import type { FeedProposal } from '../../../domain/proposal.js';
import { proposalId } from '../../../governance/proposalId.js';
import { isoFromUnixSeconds } from '../../../governance/time.js';
import type { PollCreated } from './pollingEmitter.js';
import type { PollText } from './pollText.js';

/** A poll's state by the chain's time: before its start pending, until its end active, then closed (its tally is not read); withdrawn: canceled. Pure. */
export function pollStatus(poll: Pick<PollCreated, 'startDate' | 'endDate'>, chainTime: number, withdrawn: boolean): FeedProposal['status'] {
  if (withdrawn) return 'canceled';
  if (chainTime < poll.startDate) return 'pending';
  return chainTime <= poll.endDate ? 'active' : 'closed';
}

/**
 * A Sky poll as a feed item: a vote of SKY/MKR holders that binds nothing on its own (a signal: a
 * passing poll's changes go to a later executive spell), so its changes are those its text states
 * in a parseable form, unverified, and none otherwise. Pure.
 */
export function pollProposal(poll: PollCreated, text: PollText, chainTime: number, withdrawn: boolean): FeedProposal {
  const status = pollStatus(poll, chainTime, withdrawn);
  const start = isoFromUnixSeconds(poll.startDate);
  const end = isoFromUnixSeconds(poll.endDate);
  const what =
    text.changes.length > 0
      ? `Its text states ${text.changes.length} move${text.changes.length === 1 ? '' : 's'} of Sky's own, which a passing poll sends to a later executive spell.`
      : 'Its text states no move of Sky’s own in a form read here: a signal only.';
  return {
    id: proposalId('sky', 'poll', String(poll.pollId)),
    protocol: 'sky',
    title: text.title ?? `Sky poll ${poll.pollId}`,
    summary: `${text.summary ? `${text.summary} ` : ''}A poll of SKY and MKR holders, a signal with no effect of its own. ${what}`,
    // The text's own words first: the feed's word rule reads a description's opening.
    description: `${text.summary ? `${text.summary}\n\n` : ''}Poll ${poll.pollId} on the PollingEmitter, ${start ?? 'start unknown'} to ${end ?? 'end unknown'} (chain dates). ${what}`,
    status,
    votes: {},
    timeline: { ...(start && { created: start, start }), ...(end && { end }) },
    mechanism: 'vote',
    sourceLinks: [{ url: poll.url, label: 'Poll text (community repository)' }, ...(text.discussionLink ? [{ url: text.discussionLink, label: 'Forum discussion' }] : [])],
    ...(text.changes.length > 0 && { changeType: 'parameter' as const }),
    changes: text.changes,
    firstSeen: start ?? new Date(0).toISOString(),
  };
}
