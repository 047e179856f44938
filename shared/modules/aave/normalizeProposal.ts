import { isHttpUrl } from '../../governance/isHttpUrl.js';
import type { ProposalVotes } from '../../contract/proposal.js';
import type { SourceLink } from '../../contract/common.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { summarize } from '../../governance/summarize.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { changesOf } from './changesOf.js';
import { statusOf } from './statusOf.js';
import { withVerifiedChanges } from './withVerifiedChanges.js';
import type { AaveProposalData } from './types.js';

/** AAVE (and stkAAVE, aAAVE) voting power has 18 decimals. */
const DECIMALS = 10n ** 18n;

/** One Governance v3 proposal as the feed stores it. Pure; `now` only fills firstSeen when nothing else does. */
export function normalizeProposal(proposal: AaveProposalData, now: Date): FeedProposal {
  const title = proposal.text.title?.trim() || `Aave governance proposal ${proposal.id}`;
  const description = proposal.text.description;
  const created = isoFromUnixSeconds(proposal.creationTime);
  // The voting machine's own window when it was read (it opens minutes after the core's activation,
  // once the configuration is bridged); else the window the core implies.
  const live = proposal.liveVote;
  const start = isoFromUnixSeconds(live ? live.startTime : proposal.votingActivationTime);
  const end = live
    ? isoFromUnixSeconds(live.endTime)
    : proposal.votingActivationTime > 0
      ? isoFromUnixSeconds(proposal.votingActivationTime + proposal.votingDuration)
      : undefined;
  const effectiveDate = effectiveDateOf(proposal);
  const { changes, changeType } = withVerifiedChanges(changesOf(title, description), proposal.payloads);
  return {
    id: proposalId('aave', 'gov3', proposal.id),
    protocol: 'aave',
    title,
    summary: summarize(description, title),
    description,
    proposer: proposal.creator,
    status: statusOf(proposal),
    votes: votesOf(proposal),
    timeline: { ...(created && { created }), ...(start && { start }), ...(end && { end }) },
    sourceLinks: linksOf(proposal),
    ...(proposal.text.snapshot && { snapshotUrl: proposal.text.snapshot }),
    ...(proposal.text.discussions && { discussionUrl: proposal.text.discussions }),
    ...(changeType && { changeType }),
    ...(effectiveDate && { effectiveDate }),
    changes,
    firstSeen: created ?? now.toISOString(),
  };
}

/**
 * The core stores the voting machine's result only when the vote is queued or fails: before that
 * its forVotes/againstVotes are 0 whatever the live vote says. A running vote's tally comes from
 * its voting machine (liveVote); without it the votes are left out rather than reported as zero.
 * Aave votes are yes/no (no abstain).
 */
function votesOf(proposal: AaveProposalData): ProposalVotes {
  if (proposal.liveVote) return votesFrom(proposal.liveVote.forVotes, proposal.liveVote.againstVotes);
  const settled = proposal.state === 'Queued' || proposal.state === 'Executed' || proposal.state === 'Failed';
  if (!settled && proposal.forVotes === 0n && proposal.againstVotes === 0n) return {};
  return votesFrom(proposal.forVotes, proposal.againstVotes);
}

const votesFrom = (forVotes: bigint, againstVotes: bigint): ProposalVotes => ({
  for: tokens(forVotes),
  against: tokens(againstVotes),
  total: tokens(forVotes + againstVotes),
});

/** Whole tokens as a number, exact to the 18th decimal's float precision. */
const tokens = (raw: bigint): number => Number(raw / DECIMALS) + Number(raw % DECIMALS) / 1e18;

/**
 * When the change took (or can take) effect: the last Ethereum payload's execution when every
 * payload ran; else, for payloads queued on Ethereum, the earliest time they can execute
 * (queuedAt + delay, IPayloadsControllerCore). Unknown for payloads on other chains.
 */
function effectiveDateOf(proposal: AaveProposalData): string | undefined {
  const read = proposal.payloads.map((payload) => payload.onChain);
  if (read.length === 0 || read.some((onChain) => onChain === undefined)) return undefined;
  const known = read as NonNullable<(typeof read)[number]>[];
  if (known.every((onChain) => onChain.state === 'Executed')) return isoFromUnixSeconds(Math.max(...known.map((onChain) => onChain.executedAt)));
  if (known.every((onChain) => onChain.state === 'Queued' || onChain.state === 'Executed')) {
    return isoFromUnixSeconds(Math.max(...known.map((onChain) => (onChain.state === 'Executed' ? onChain.executedAt : onChain.queuedAt + onChain.delay))));
  }
  return undefined;
}

function linksOf(proposal: AaveProposalData): SourceLink[] {
  const links: SourceLink[] = [{ url: `https://app.aave.com/governance/v3/proposal/?proposalId=${proposal.id}`, label: 'View on Aave governance' }];
  if (isHttpUrl(proposal.text.discussions)) links.push({ url: proposal.text.discussions, label: 'Discussion on the Aave forum' });
  if (isHttpUrl(proposal.text.snapshot)) links.push({ url: proposal.text.snapshot, label: 'Snapshot vote' });
  return links;
}

