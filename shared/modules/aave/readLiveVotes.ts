import type { Upstreams } from '../../upstream/upstreams.js';
import { readOnChain } from './readOnChain.js';
import type { LiveVote } from './types.js';
import { type VotingChain, VOTING_CHAIN_OF_PORTAL, votingMachineAbi } from './votingMachines.js';

export interface ReadLiveVotesParameters {
  upstreams: Upstreams;
  /** Proposals whose vote is running (core state Active), with the portal the core recorded. */
  active: readonly { id: bigint; votingPortal: string }[];
  signal?: AbortSignal;
}

/**
 * The live tally of each running vote, read from the voting machine of its voting chain
 * (getProposalById): one batched request per chain, eth_chainId included. The core's
 * forVotes/againstVotes stay 0 until the result is bridged back, so this is the only place a
 * running vote's numbers exist.
 *
 * A voting chain that fails (down, slow, wrong chain, malformed) leaves its proposals without a
 * live vote and never rejects: the core's data (states, payloads, texts) is good on its own, and
 * freezing the whole source on a secondary chain would hide every other proposal's change. Only
 * the caller's abort propagates. A portal this source does not know, or a vote the machine has
 * not created yet (startTime 0: the configuration is still being bridged), gives no entry.
 */
export async function readLiveVotes({ upstreams, active, signal }: ReadLiveVotesParameters): Promise<Map<bigint, LiveVote>> {
  const byChain = new Map<VotingChain, bigint[]>();
  for (const { id, votingPortal } of active) {
    const chain = VOTING_CHAIN_OF_PORTAL[votingPortal.toLowerCase()];
    if (chain) byChain.set(chain, [...(byChain.get(chain) ?? []), id]);
  }
  const perChain = await Promise.all([...byChain].map(([chain, ids]) => readChain(upstreams, chain, ids, signal)));
  return new Map(perChain.flat());
}

function readChain(upstreams: Upstreams, chain: VotingChain, ids: readonly bigint[], signal: AbortSignal | undefined): Promise<[bigint, LiveVote][]> {
  return readOnChain(upstreams, chain, signal, async (client) => {
    const proposals = await Promise.all(ids.map((id) => client.readContract({ address: chain.machine, abi: votingMachineAbi, functionName: 'getProposalById', args: [id] })));
    return proposals
      .filter((proposal) => proposal.startTime > 0)
      .map((proposal): [bigint, LiveVote] => [
        proposal.id,
        { forVotes: proposal.forVotes, againstVotes: proposal.againstVotes, startTime: proposal.startTime, endTime: proposal.endTime },
      ]);
  });
}
