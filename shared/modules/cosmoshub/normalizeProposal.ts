import { type Proposal as GovProposal, ProposalStatus as NativeStatus, type TallyResult } from 'cosmjs-types/cosmos/gov/v1/gov';
import type { Timestamp } from 'cosmjs-types/google/protobuf/timestamp';
import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { summarize } from '../../governance/summarize.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { type CurrentParams, decodeParameterChanges } from './decodeParameterChanges.js';
import type { ProposalAction } from './readMessages.js';
import { hubSpamVerdict } from './spamVerdict.js';
import { statusOf } from './statusOf.js';
import { type QuorumInputs, votesOf } from './votesOf.js';

export interface NormalizeInputs {
  /** The proposal's messages, read (readMessages). */
  actions: ProposalAction[];
  /** The live tally, for a proposal in its voting period (final_tally_result is empty until the end). */
  liveTally?: TallyResult;
  quorum?: QuorumInputs;
  current: CurrentParams;
  now: Date;
}

/**
 * A gov v1 proposal as a FeedProposal: id `cosmoshub-gov-<id>`, status per decisions.md, votes in
 * ATOM, timeline from submit/voting times, ParameterChanges from its messages. Undefined for a
 * proposal whose status means nothing (UNSPECIFIED). Pure.
 */
export function normalizeProposal(proposal: GovProposal, inputs: NormalizeInputs): FeedProposal | undefined {
  const { actions } = inputs;
  const executable = actions.some((action) => action.kind !== 'signal');
  const status = statusOf(proposal.status, executable);
  if (!status) return undefined;
  const legacy = legacyText(actions);
  const metadata = metadataText(proposal.metadata);
  const title = proposal.title || legacy?.title || metadata.title || `Cosmos Hub proposal #${proposal.id}`;
  const body = proposal.summary || legacy?.description || metadata.summary || '';
  // SDK 0.50 says why a passed proposal's messages failed; the Hub's 0.47 line leaves it empty.
  const description = proposal.failedReason ? `${body}\n\nExecution failed: ${proposal.failedReason}`.trim() : body;
  const changes = decodeParameterChanges(actions, inputs.current);
  const live = proposal.status === NativeStatus.PROPOSAL_STATUS_VOTING_PERIOD;
  const tally = proposal.status === NativeStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD ? undefined : live ? inputs.liveTally : proposal.finalTallyResult;
  const timeline = {
    ...definedTime('created', proposal.submitTime),
    ...definedTime('start', proposal.votingStartTime),
    ...definedTime('end', proposal.votingEndTime),
  };
  const effectiveDate = effectiveDateOf(status, actions, timeline.end);
  const spam = hubSpamVerdict({ id: proposal.id, title, status, executable, ...(tally && { tally }) });
  return {
    id: proposalId('cosmoshub', 'gov', proposal.id),
    protocol: 'cosmoshub',
    title,
    summary: summarize(description, title),
    description,
    ...(proposal.proposer && { proposer: proposal.proposer }),
    status,
    votes: votesOf(tally, live ? inputs.quorum : undefined),
    timeline,
    sourceLinks: [{ url: `https://www.mintscan.io/cosmos/proposals/${proposal.id}`, label: 'View on Mintscan' }],
    ...changeTypeOf(actions, changes.length),
    ...(effectiveDate && { effectiveDate }),
    changes,
    firstSeen: timeline.created ?? inputs.now.toISOString(),
    ...(spam && { spam }),
  };
}

/**
 * When the change takes effect, where known: an upgrade plan's time (a height alone gives no date,
 * so it is left out), else the end of voting for an executed parameter change (gov runs the
 * messages in the end-blocker of that block).
 */
function effectiveDateOf(status: FeedProposal['status'], actions: readonly ProposalAction[], votingEnd: string | undefined): string | undefined {
  const planned = actions.find((action) => action.kind === 'upgrade' && action.time);
  if (planned?.kind === 'upgrade') return planned.time;
  const changesParams = actions.some((action) => action.kind === 'updateParams' || action.kind === 'legacyParamChange');
  return status === 'executed' && changesParams ? votingEnd : undefined;
}

/**
 * What the messages decide: a software upgrade replaces the chain's code (shape); decoded
 * parameter changes move numbers (parameter). Text and other messages leave it to the words rule.
 */
function changeTypeOf(actions: readonly ProposalAction[], changes: number): { changeType?: 'shape' | 'parameter' } {
  if (actions.some((action) => action.kind === 'upgrade')) return { changeType: 'shape' };
  return changes > 0 ? { changeType: 'parameter' } : {};
}

/** Title and description of the first legacy content (pre-0.47 proposals have no title/summary of their own). */
function legacyText(actions: readonly ProposalAction[]): { title?: string; description?: string } | undefined {
  for (const action of actions) if ('title' in action && (action.title || action.description)) return action;
  return undefined;
}

const definedTime = <K extends string>(key: K, timestamp: Timestamp | undefined): Partial<Record<K, string>> => {
  const iso = timestamp && isoFromUnixSeconds(timestamp.seconds);
  return iso ? ({ [key]: iso } as Record<K, string>) : {};
};

/**
 * Proposal metadata is free text; by the gov spec's convention it is often a JSON document (or an
 * IPFS link to one) with title and summary. Only the inline JSON form is read.
 */
function metadataText(metadata: string): { title?: string; summary?: string } {
  if (!metadata.trim().startsWith('{')) return {};
  try {
    const parsed = JSON.parse(metadata) as { title?: unknown; summary?: unknown };
    return {
      ...(typeof parsed.title === 'string' && { title: parsed.title }),
      ...(typeof parsed.summary === 'string' && { summary: parsed.summary }),
    };
  } catch {
    return {};
  }
}
