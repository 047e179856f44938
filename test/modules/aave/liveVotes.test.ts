import { GovernanceV3Ethereum } from '@aave-dao/aave-address-book';
import { encodeFunctionData, encodeFunctionResult } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { VOTING_CHAIN_OF_PORTAL, votingMachineAbi } from '../../../shared/modules/aave/votingMachines.js';
import { CHAINS } from '../../../shared/upstream/chainIdentity.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { missesOnRecordedUpstreams } from '../../upstream/replayHarness.js';
import { recordedCoreProposal, useAaveSourceServers, withEditedProposal } from './editedRecordings.js';

/*
 * The recorded feed has no proposal being voted, so these tests turn the recorded proposal 516
 * into one, in memory: its core answer says Active (votes 0, as the core keeps them while voting)
 * with a given voting portal, and the voting chain's machine answers a tally. The tally and the
 * machine's window are SYNTHETIC, test-only values (no real running vote was recorded); the
 * portals and machines are the address book's, and the ABI the real one (votingMachines.ts).
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const ID = 516n;
const PORTAL = { polygon: GovernanceV3Ethereum.VOTING_PORTAL_ETH_POL, avalanche: GovernanceV3Ethereum.VOTING_PORTAL_ETH_AVAX } as const;
const CHAIN_ID = { polygon: CHAINS.polygonMainnet, avalanche: CHAINS.avalancheMainnet } as const;
type VotingChainId = keyof typeof PORTAL;

/** 1,234,567.5 AAVE for and 12,000.25 AAVE against (synthetic). */
const FOR = 1_234_567_500_000_000_000_000_000n;
const AGAINST = 12_000_250_000_000_000_000_000n;

/** The recordings with proposal 516 active on the core and voted through `portal`. Pure. */
const withActiveProposal = (fixtures: readonly FixtureFile[], portal: string) =>
  withEditedProposal(fixtures, ID, (core) => ({ ...core, state: 2, votingPortal: portal as `0x${string}`, forVotes: 0n, againstVotes: 0n, queuingTime: 0 }));

/** The voting chain's answers: its chain id and the machine's getProposalById(516). Synthetic. */
function machineFixture(chain: VotingChainId, window: { startTime: number; endTime: number }): FixtureFile {
  const machine = VOTING_CHAIN_OF_PORTAL[PORTAL[chain].toLowerCase()]!.machine;
  const result = encodeFunctionResult({
    abi: votingMachineAbi,
    functionName: 'getProposalById',
    result: {
      id: ID,
      sentToGovernance: false,
      ...window,
      votingClosedAndSentTimestamp: 0,
      forVotes: FOR,
      againstVotes: AGAINST,
      creationBlockNumber: 1n,
      votingClosedAndSentBlockNumber: 0n,
    },
  });
  return {
    protocol: 'json-rpc',
    upstream: chain,
    description: `SYNTHETIC: the ${chain} voting machine counting proposal 516 (test-only values)`,
    source: {
      kind: 'encoded',
      references: ['bgd-labs/aave-governance-v3 src/contracts/voting/interfaces/IVotingMachineWithProofs.sol'],
      notes: 'synthetic tally and window, encoded with the real ABI; no real running vote was recorded',
    },
    exchanges: [
      { request: { method: 'eth_chainId' }, response: { jsonrpc: '2.0', result: CHAIN_ID[chain] } },
      {
        request: { method: 'eth_call', params: [{ to: machine, data: encodeFunctionData({ abi: votingMachineAbi, functionName: 'getProposalById', args: [ID] }) }, 'latest'] },
        response: { jsonrpc: '2.0', result },
      },
    ],
  };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('live votes of a running Aave vote', () => {
  let recordings: FixtureFile[];
  let window: { startTime: number; endTime: number };
  const { serve, read } = useAaveSourceServers(NOW);
  beforeAll(async () => {
    recordings = await loadFixtures();
    const core = recordedCoreProposal(recordings, ID);
    // The machine opens a few minutes after the core's activation, once the configuration is bridged.
    window = { startTime: core.votingActivationTime + 420, endTime: core.votingActivationTime + 420 + core.votingDuration };
  });

  it('knows the portal every recorded proposal was voted through (each replaced on 2025-03-28)', () => {
    for (const id of [512n, 513n, 514n, 515n, 516n]) {
      const { votingPortal } = recordedCoreProposal(recordings, id);
      expect(VOTING_CHAIN_OF_PORTAL[votingPortal.toLowerCase()], `proposal ${id}'s portal ${votingPortal}`).toBeDefined();
    }
  });

  it.each(['polygon', 'avalanche'] as const)('takes an active proposal’s votes and window from its voting machine on %s', async (chain) => {
    const server = await serve([...withActiveProposal(recordings, PORTAL[chain]), machineFixture(chain, window)]);
    const { byId, counts } = await read(server);
    expect(missesOnRecordedUpstreams(server, recordings)).toEqual([]);
    const proposal = byId.get('aave-gov3-516')!;
    expect(proposal.status).toBe('active');
    expect(proposal.votes).toEqual({ for: 1_234_567.5, against: 12_000.25, total: 1_246_567.75 });
    expect(proposal.timeline).toMatchObject({ start: iso(window.startTime), end: iso(window.endTime) });
    // eth_chainId and getProposalById share one batched request.
    expect(counts[chain]).toMatchObject({ requests: 1, calls: 2 });
  });

  it('sends nothing to a voting chain when no proposal is being voted (the recorded feed)', async () => {
    const server = await serve(recordings);
    const { byId } = await read(server);
    expect(byId.size).toBe(5);
    expect(server.received).toMatchObject({ polygon: 0, avalanche: 0 });
  });

  const failures: [string, Fault][] = [
    ['answers 503', { kind: 'status', status: 503 }],
    ['names another chain', { kind: 'wrongChain' }],
  ];
  it.each(failures)('keeps the proposal with empty votes, and the source succeeding, when the voting chain %s', async (_, fault) => {
    const server = await serve([...withActiveProposal(recordings, PORTAL.polygon), machineFixture('polygon', window)]);
    const baseline = await read(await serve(recordings));
    server.faults.inject('polygon', fault);
    const { byId } = await read(server);
    expect(server.received.polygon).toBe(1);
    const proposal = byId.get('aave-gov3-516')!;
    expect(proposal.status).toBe('active');
    expect(proposal.votes).toEqual({});
    expect(byId.get('aave-gov3-515')).toEqual(baseline.byId.get('aave-gov3-515'));
  });
});
