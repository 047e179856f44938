import { newestIds } from '../../governance/newestIds.js';
import { ContractFunctionExecutionError, ContractFunctionZeroDataError, maxUint256, type PublicClient } from 'viem';
import { verifyEthereumMainnet } from '../../upstream/clients/ethereumChain.js';
import { ethereumClient } from '../../upstream/clients/ethereumClient.js';
import type { Upstream } from '../../upstream/upstreams.js';
import { bravoAbi, compoundGovernorAbi, proposalCreatedEvent } from './abi.js';
import { COMPOUND_GOVERNOR, GOVERNOR_BRAVO } from './addresses.js';
import type { GovernorKind, RawCompoundProposal } from './types.js';

export interface ReadCompoundProposalsParameters {
  ethereum: Upstream;
  /** How many of the newest proposal ids to read, across both governors. */
  newest: number;
  signal?: AbortSignal;
}

const bravo = { address: GOVERNOR_BRAVO, abi: bravoAbi } as const;
const governor = { address: COMPOUND_GOVERNOR, abi: compoundGovernorAbi } as const;

/**
 * Reads the newest proposals of Compound's two governors, as three JSON-RPC batches to Ethereum
 * (every element a plain eth_call or eth_getLogs, so a recording answers each alone):
 * 1. eth_chainId; Bravo proposalCount, votingDelay, quorumVotes; CompoundGovernor proposalCount;
 * 2. per Bravo id: state + proposals; per CompoundGovernor id: state, proposalVotes, proposalSnapshot,
 *    proposalDeadline, proposalProposer, proposalEta (+ votingDelay and COUNTING_MODE once);
 * 3. per id: eth_getLogs for ProposalCreated (address + topic0) in its creation block only, which is
 *    startBlock − votingDelay on both governors (Bravo propose(); OZ _propose: snapshot = clock +
 *    votingDelay); per CompoundGovernor id: quorum(snapshot).
 * The description and actions live only in that event. Any failed call rejects the whole read (the
 * feed builder keeps the last good proposals); a proposal whose event is not in that block is kept
 * without them (see below).
 *
 * @throws UpstreamError
 */
export async function readCompoundProposals({ ethereum, newest, signal }: ReadCompoundProposalsParameters): Promise<RawCompoundProposal[]> {
  const client = ethereumClient(ethereum, signal);

  const [, bravoCount, governorNext, bravoDelay, bravoQuorum] = await Promise.all([
    verifyEthereumMainnet(client),
    client.readContract({ ...bravo, functionName: 'proposalCount' }),
    governorNextId(client),
    client.readContract({ ...bravo, functionName: 'votingDelay' }),
    client.readContract({ ...bravo, functionName: 'quorumVotes' }),
  ]);
  const ids = newestCompoundIds(bravoCount, governorNext, newest);
  const kindOf = (id: bigint): GovernorKind => (id <= bravoCount ? 'bravo' : 'governor');
  const governorIds = ids.filter((id) => kindOf(id) === 'governor');

  const [bravoReads, governorReads, governorSettings] = await Promise.all([
    Promise.all(ids.filter((id) => kindOf(id) === 'bravo').map((id) => readBravo(client, id))),
    Promise.all(governorIds.map((id) => readGovernor(client, id))),
    governorIds.length === 0
      ? undefined
      : Promise.all([client.readContract({ ...governor, functionName: 'votingDelay' }), client.readContract({ ...governor, functionName: 'COUNTING_MODE' })]),
  ]);

  const partial = [
    ...bravoReads.map((read) => ({ ...read, createdBlock: read.startBlock - bravoDelay, quorum: bravoQuorum, quorumCountsAbstain: false })),
    ...governorReads.map((read) => ({
      ...read,
      createdBlock: read.startBlock - governorSettings![0],
      quorum: undefined as bigint | undefined,
      // GovernorCountingFractional declares "support=bravo,fractional&quorum=for,abstain&params=fractional".
      quorumCountsAbstain: /quorum=[^&]*abstain/.test(governorSettings![1]),
    })),
  ].sort((a, b) => (a.id > b.id ? -1 : 1));

  const [logs, quorums] = await Promise.all([
    Promise.all(
      partial.map((read) =>
        client.getLogs({
          address: read.governor === 'bravo' ? GOVERNOR_BRAVO : COMPOUND_GOVERNOR,
          event: proposalCreatedEvent,
          fromBlock: read.createdBlock,
          toBlock: read.createdBlock,
          strict: true,
        }),
      ),
    ),
    Promise.all(
      partial.map((read) => read.quorum ?? client.readContract({ ...governor, functionName: 'quorum', args: [read.startBlock] })),
    ),
  ]);

  return partial.map((read, index): RawCompoundProposal => {
    const log = logs[index]!.find((entry) => entry.args.id === read.id);
    // The creation block uses TODAY's votingDelay, so a proposal made before governance changed the
    // delay has its ProposalCreated in another block. Finding it would cost a search round, and
    // rejecting would freeze the whole feed for one old proposal. The governor's getters still give
    // its state, votes, proposer and blocks; it stays without text (the title falls back to
    // `Compound proposal <id>`) and without decoded actions. Only an ANSWERED empty block lands
    // here: a failed eth_getLogs rejected above.
    if (!log) return { ...read, quorum: quorums[index]!, description: '', actions: [] };
    const { targets, values, signatures, calldatas, description } = log.args;
    return {
      ...read,
      quorum: quorums[index]!,
      description,
      actions: targets.map((target, action) => ({
        target,
        value: values[action] ?? 0n,
        signature: signatures[action] ?? '',
        calldata: calldatas[action] ?? '0x',
      })),
      ...(log.transactionHash && { transactionHash: log.transactionHash }),
    };
  });
}

/**
 * The newest `newest` ids across both governors, newest first. CompoundGovernor's proposalCount is
 * its NEXT id (GovernorSequentialProposalIdUpgradeable), set to follow Bravo's last. Pure.
 */
export function newestCompoundIds(bravoCount: bigint, governorNext: bigint, newest: number): bigint[] {
  const last = governorNext > bravoCount + 1n ? governorNext - 1n : bravoCount;
  return newestIds({ last, first: 1n, newest });
}

/**
 * CompoundGovernor's next id; 0 when it has no code at the head (before its deployment at block
 * 21,688,680 an eth_call answers "0x") or was never given a first id (type(uint256).max).
 */
async function governorNextId(client: PublicClient): Promise<bigint> {
  try {
    const next = await client.readContract({ ...governor, functionName: 'proposalCount' });
    return next === maxUint256 ? 0n : next;
  } catch (error) {
    if (error instanceof ContractFunctionExecutionError && error.cause instanceof ContractFunctionZeroDataError) return 0n;
    throw error;
  }
}

async function readBravo(client: PublicClient, id: bigint) {
  const [state, proposal] = await Promise.all([
    client.readContract({ ...bravo, functionName: 'state', args: [id] }),
    client.readContract({ ...bravo, functionName: 'proposals', args: [id] }),
  ]);
  const [, proposer, eta, startBlock, endBlock, forVotes, againstVotes, abstainVotes] = proposal;
  return { governor: 'bravo' as const, id, state, proposer, eta, startBlock, endBlock, forVotes, againstVotes, abstainVotes };
}

async function readGovernor(client: PublicClient, id: bigint) {
  const [state, [againstVotes, forVotes, abstainVotes], startBlock, endBlock, proposer, eta] = await Promise.all([
    client.readContract({ ...governor, functionName: 'state', args: [id] }),
    client.readContract({ ...governor, functionName: 'proposalVotes', args: [id] }),
    client.readContract({ ...governor, functionName: 'proposalSnapshot', args: [id] }),
    client.readContract({ ...governor, functionName: 'proposalDeadline', args: [id] }),
    client.readContract({ ...governor, functionName: 'proposalProposer', args: [id] }),
    client.readContract({ ...governor, functionName: 'proposalEta', args: [id] }),
  ]);
  return { governor: 'governor' as const, id, state, proposer, eta, startBlock, endBlock, forVotes, againstVotes, abstainVotes };
}

