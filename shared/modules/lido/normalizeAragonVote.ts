import { formatUnits } from 'viem';
import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { summarize } from '../../governance/summarize.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { LDO_DECIMALS, PCT_BASE } from './abi.js';
import { aragonVoteStatus, isValuePct, voteEnd } from './aragonVoteStatus.js';
import { decodeVoteScriptOrNothing } from './decodeVoteScript.js';
import { dualGovernanceEffectiveAt } from './dualGovernanceDates.js';
import { parameterChangesOf } from './parameterChangesOf.js';
import type { AragonVote, VotingTimes } from './types.js';
import { voteText } from './voteText.js';

const ldo = (raw: bigint): number => Number(formatUnits(raw, LDO_DECIMALS));

/**
 * An Aragon vote as a FeedProposal: id `lido-aragon-<voteId>`, yea/nay in LDO (no abstain in
 * Aragon), quorumRequired = minAcceptQuorum × votingPower (the LDO supply at the snapshot block),
 * the end at startDate + voteTime, the calls of its EVMScript decoded into verified changes, and
 * vote.lido.fi first among the links. Pure.
 *
 * @example normalizeAragonVote(vote, { voteTime: 259200, objectionPhaseTime: 86400 }, now).id // 'lido-aragon-171'
 */
export function normalizeAragonVote(vote: AragonVote, times: VotingTimes, now: Date): FeedProposal {
  const decoded = decodeVoteScriptOrNothing(vote.script);
  const changes = parameterChangesOf(decoded.calls);
  const text = voteText(vote.id, vote.metadata);
  const created = isoFromUnixSeconds(vote.startDate);
  const end = isoFromUnixSeconds(voteEnd(vote, times));
  const forVotes = ldo(vote.yea);
  const against = ldo(vote.nay);
  const summary = summarize(text.description, text.title);
  // A vote's real execution date is its Dual Governance timelock date (issue 23).
  const timelocked = dualGovernanceEffectiveAt(vote.dualGovernance, vote.dualGovernance?.lastTransition, Math.floor(now.getTime() / 1000));
  return {
    id: proposalId('lido', 'aragon', vote.id),
    protocol: 'lido',
    title: text.title,
    summary,
    description: timelocked?.note ? `${text.description}\n\n${timelocked.note}` : text.description,
    status: aragonVoteStatus(vote, times, decoded.dgSubmissions.length > 0, now),
    votes: {
      for: forVotes,
      against,
      total: forVotes + against,
      quorumRequired: ldo((vote.minAcceptQuorum * vote.votingPower) / PCT_BASE),
      quorumReached: isValuePct(vote.yea, vote.votingPower, vote.minAcceptQuorum),
    },
    timeline: { ...(created && { created, start: created }), ...(end && { end }), ...(timelocked && { effectiveAt: timelocked.effectiveAt }) },
    ...(timelocked && { effectiveDate: timelocked.effectiveAt, noticeSeconds: timelocked.noticeSeconds }),
    sourceLinks: [
      { url: `https://vote.lido.fi/vote/${vote.id}`, label: 'Vote on vote.lido.fi' },
      ...(text.ipfsCid ? [{ url: `https://${text.ipfsCid}.ipfs.w3s.link`, label: 'Full description on IPFS' }] : []),
    ],
    ...(changes.length > 0 && { changeType: 'parameter' as const }),
    changes,
    firstSeen: created ?? now.toISOString(),
  };
}
