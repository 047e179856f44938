import { newestIds } from '../../governance/newestIds.js';
import type { PublicClient } from 'viem';
import { verifyEthereumMainnet } from '../../upstream/clients/ethereumChain.js';
import { ethereumClient } from '../../upstream/clients/ethereumClient.js';
import { upstreamMalformed } from '../../upstream/errors.js';
import type { Upstream } from '../../upstream/upstreams.js';
import { DG_STATUSES, DG_TIMELOCK, startVoteEvent, timelockAbi, VOTING, votingAbi } from './abi.js';
import { decodeVoteScriptOrNothing } from './decodeVoteScript.js';
import { dualGovernanceStatus, type TimelockProposal } from './dualGovernanceStatus.js';
import { readDualGovernanceState } from './readDualGovernanceState.js';
import type { AragonVote, VotingTimes } from './types.js';

export interface ReadAragonVotesParameters {
  ethereum: Upstream;
  /** How many of the newest votes to read (ids votesLength-1 downwards). */
  newest: number;
  /** How many of the newest timelock proposals to search for a vote's DG submission. */
  newestDgProposals: number;
  signal?: AbortSignal;
}

/**
 * Reads the newest Aragon votes, batched JSON-RPC to Ethereum (each call a plain eth_call, so a
 * recording answers it alone): eth_chainId + votesLength + voteTime + objectionPhaseTime; getVote
 * × newest; one eth_getLogs per vote for its StartVote event (its only copy of the text), at
 * snapshotBlock + 1: Voting.sol sets snapshotBlock to the creation block minus one, so the range is
 * one block, deterministic and within every public RPC's log-range limit. Only when an executed vote
 * submitted a Dual Governance proposal: getProposalsCount + getProposal × newestDgProposals on the
 * timelock, and DualGovernance's effective state with its newest state change of 30 days (readDualGovernanceState). Any failed call rejects the whole read (the feed builder keeps the last good proposals).
 *
 * @throws UpstreamError, or upstream_malformed when a vote has no StartVote event in its block.
 */
export async function readAragonVotes({ ethereum, newest, newestDgProposals, signal }: ReadAragonVotesParameters): Promise<{ votes: AragonVote[]; times: VotingTimes }> {
  const client = ethereumClient(ethereum, signal);
  const voting = { address: VOTING, abi: votingAbi } as const;

  const [, length, voteTime, objectionPhaseTime] = await Promise.all([
    verifyEthereumMainnet(client),
    client.readContract({ ...voting, functionName: 'votesLength' }),
    client.readContract({ ...voting, functionName: 'voteTime' }),
    client.readContract({ ...voting, functionName: 'objectionPhaseTime' }),
  ]);
  // Vote ids run from 0 to votesLength() - 1.
  const ids = newestIds({ last: length - 1n, newest });
  const raw = await Promise.all(ids.map((id) => client.readContract({ ...voting, functionName: 'getVote', args: [id] })));
  const logs = await Promise.all(
    raw.map((vote, index) =>
      client.getLogs({ address: VOTING, event: startVoteEvent, args: { voteId: ids[index]! }, fromBlock: vote[3] + 1n, toBlock: vote[3] + 1n, strict: true }),
    ),
  );

  const votes = raw.map((vote, index): AragonVote => {
    const id = ids[index]!;
    const log = logs[index]!.find((entry) => entry.args.voteId === id);
    if (!log) throw upstreamMalformed(ethereum.id, new Error(`no StartVote event for vote ${id} in block ${vote[3] + 1n}`));
    const [, executed, startDate, snapshotBlock, supportRequired, minAcceptQuorum, yea, nay, votingPower, script] = vote;
    return { id: Number(id), executed, startDate: Number(startDate), snapshotBlock, supportRequired, minAcceptQuorum, yea, nay, votingPower, script, metadata: log.args.metadata };
  });

  const waiting = votes.filter((vote) => vote.executed && decodeVoteScriptOrNothing(vote.script).dgSubmissions.length > 0);
  if (waiting.length > 0) {
    // The effective state decides whether a submitted proposal can be scheduled at all (veto signalling blocks it).
    // Its newest state change says since when signalling holds a submitted proposal, and so its dates.
    const [proposals, { state, lastTransition }] = await Promise.all([readTimelockProposals(client, newestDgProposals), readDualGovernanceState(client)]);
    for (const vote of waiting) {
      const found = dualGovernanceStatus(decodeVoteScriptOrNothing(vote.script).dgSubmissions, proposals);
      if (found) vote.dualGovernance = { proposalId: found.id, status: found.status, submittedAt: found.submittedAt, scheduledAt: found.scheduledAt, state, ...(lastTransition && { lastTransition }) };
    }
  }
  return { votes, times: { voteTime: Number(voteTime), objectionPhaseTime: Number(objectionPhaseTime) } };
}


async function readTimelockProposals(client: PublicClient, newest: number): Promise<TimelockProposal[]> {
  const timelock = { address: DG_TIMELOCK, abi: timelockAbi } as const;
  const count = await client.readContract({ ...timelock, functionName: 'getProposalsCount' });
  // Timelock ids are one-based (ExecutableProposals.submit).
  const ids = newestIds({ last: count, first: 1n, newest });
  const answers = await Promise.all(ids.map((id) => client.readContract({ ...timelock, functionName: 'getProposal', args: [id] })));
  return answers.map(([details, calls]) => ({
    id: Number(details.id),
    status: DG_STATUSES[details.status] ?? 'NotExist',
    submittedAt: details.submittedAt,
    scheduledAt: details.scheduledAt,
    calls,
  }));
}


