import type { View } from '../contract/enums.js';
import type { CompactProposal, Proposal, UserProposalImpact } from '../contract/proposal.js';
import { type FeedProposal, mechanismOf } from '../domain/proposal.js';
import type { Matched } from './filters.js';
import { votingEndsAt } from './ordering.js';

const COMPACT_SUMMARY_LIMIT = 280;

/** The wire form of a matched proposal in the requested view; internal fields never leave. */
export function renderProposal(item: Matched, view: View): UserProposalImpact | Proposal | CompactProposal {
  return view === 'compact' ? toCompact(item) : toFull(item);
}

function toFull({ proposal, impact }: Matched): UserProposalImpact | Proposal {
  const { changes: _changes, firstSeen: _firstSeen, sourceKey: _sourceKey, chainReadings: _chainReadings, ...fields } = proposal;
  const wire: Proposal = { ...fields, ...effectiveDates(proposal), mechanism: mechanismOf(proposal) };
  return impact ? { ...wire, impact } : wire;
}

/**
 * effectiveDate (the contract's field) and timeline.effectiveAt (issue 23's, beside the other dates)
 * state one instant: a source sets either, and the wire carries both.
 */
function effectiveDates(proposal: FeedProposal): Pick<Proposal, 'timeline'> & Partial<Pick<Proposal, 'effectiveDate'>> {
  const at = proposal.timeline.effectiveAt ?? proposal.effectiveDate;
  if (at === undefined) return { timeline: proposal.timeline };
  return { timeline: { ...proposal.timeline, effectiveAt: at }, effectiveDate: proposal.effectiveDate ?? at };
}

function toCompact({ proposal, impact }: Matched): CompactProposal {
  const { effectiveDate } = effectiveDates(proposal);
  return {
    id: proposal.id,
    protocol: proposal.protocol,
    title: proposal.title,
    status: proposal.status,
    summary: compactSummary(proposal),
    votingEnds: votingEndsAt(proposal),
    ...optional(proposal, ['changeType', 'sourceLinks', 'snapshotUrl', 'discussionUrl', 'spam', 'noticeSeconds']),
    ...(effectiveDate !== undefined && { effectiveDate }),
    mechanism: mechanismOf(proposal),
    ...(impact && { impact }),
  };
}

/** Whitespace collapsed and cut at a word boundary near 280 characters. */
export function compactSummary(proposal: Pick<FeedProposal, 'summary'>): string {
  const text = proposal.summary.replace(/\s+/g, ' ').trim();
  if (text.length <= COMPACT_SUMMARY_LIMIT) return text;
  const cut = text.slice(0, COMPACT_SUMMARY_LIMIT - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > COMPACT_SUMMARY_LIMIT * 0.8 ? cut.slice(0, atWord) : cut).trimEnd()}…`;
}

function optional<K extends keyof FeedProposal>(proposal: FeedProposal, keys: K[]): Partial<Pick<FeedProposal, K>> {
  return Object.fromEntries(keys.filter((key) => proposal[key] !== undefined).map((key) => [key, proposal[key]])) as Partial<
    Pick<FeedProposal, K>
  >;
}
