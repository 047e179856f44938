import { encodeFunctionData, encodeFunctionResult } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { payloadsControllerAbi } from '../../../shared/modules/aave/abi.js';
import { CHAINS } from '../../../shared/upstream/chainIdentity.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { missesOnRecordedUpstreams } from '../../upstream/replayHarness.js';
import { useAaveSourceServers, withEditedProposal } from './editedRecordings.js';

/*
 * The recorded proposals' payloads off Ethereum have no recorded state (test/fixtures/README.md),
 * so these tests move the recorded proposal 514's one payload (on X Layer) to Arbitrum, in
 * memory, and answer for Arbitrum's PayloadsController. The payload's id and
 * times are SYNTHETIC, test-only values; the chain id, controller address and ABI are the real ones
 * (proposal 512's Arbitrum payload names that controller).
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const ID = 514n;
const ARBITRUM = 42161;
const CONTROLLER = '0x89644CA1bB8064760312AE4F03ea41b05dA3637C';
const PAYLOAD_ID = 901;
const EXECUTED_AT = 1_788_000_000;

/** The recordings with proposal 514's payload on Arbitrum. Pure. */
const withArbitrumPayload = (fixtures: readonly FixtureFile[]) =>
  withEditedProposal(fixtures, ID, (core) => ({
    ...core,
    payloads: core.payloads.map((payload) => ({ ...payload, chain: BigInt(ARBITRUM), payloadsController: CONTROLLER as `0x${string}`, payloadId: PAYLOAD_ID })),
  }));

/** Arbitrum's answers: its chain id and the controller's getPayloadById. Synthetic. */
function arbitrumFixture(state: number): FixtureFile {
  const result = encodeFunctionResult({
    abi: payloadsControllerAbi,
    functionName: 'getPayloadById',
    result: {
      creator: '0x3765A685a401622C060E5D700D9ad89413363a91',
      maximumAccessLevelRequired: 1,
      state,
      createdAt: EXECUTED_AT - 400_000,
      queuedAt: EXECUTED_AT - 86_400,
      executedAt: state === 3 ? EXECUTED_AT : 0,
      cancelledAt: 0,
      expirationTime: EXECUTED_AT + 2_000_000,
      delay: 86_400,
      gracePeriod: 604_800,
      actions: [],
    },
  });
  return {
    protocol: 'json-rpc',
    upstream: 'arbitrum',
    description: 'SYNTHETIC: an Arbitrum PayloadsController answering for a moved payload (test-only values)',
    source: { kind: 'encoded', references: ['bgd-labs/aave-governance-v3 src/contracts/payloads/interfaces/IPayloadsControllerCore.sol'], notes: 'synthetic payload, encoded with the real ABI' },
    exchanges: [
      { request: { method: 'eth_chainId' }, response: { jsonrpc: '2.0', result: CHAINS.arbitrumOne } },
      {
        request: { method: 'eth_call', params: [{ to: CONTROLLER, data: encodeFunctionData({ abi: payloadsControllerAbi, functionName: 'getPayloadById', args: [PAYLOAD_ID] }) }, 'latest'] },
        response: { jsonrpc: '2.0', result },
      },
    ],
  };
}

const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('Aave payloads on other chains', () => {
  let recordings: FixtureFile[];
  const { serve, read } = useAaveSourceServers(NOW);
  beforeAll(async () => {
    recordings = await loadFixtures();
  });

  it('make a proposal executed once its payload there has run, effective at its execution', async () => {
    const server = await serve([...withArbitrumPayload(recordings), arbitrumFixture(3)]);
    const { byId, counts } = await read(server);
    expect(missesOnRecordedUpstreams(server, recordings)).toEqual([]);
    expect(byId.get('aave-gov3-514')).toMatchObject({ status: 'executed', effectiveDate: iso(EXECUTED_AT) });
    // eth_chainId and every getPayloadById on Arbitrum (this one and proposal 512's, unrecorded, which
    // misses alone) share one batched request.
    expect(counts.arbitrum).toMatchObject({ requests: 1, calls: 3 });
    expect(server.misses.filter((miss) => miss.upstream === 'arbitrum')).toHaveLength(1);
  });

  it('keep it passed while the payload there is queued, effective when its delay ends', async () => {
    const server = await serve([...withArbitrumPayload(recordings), arbitrumFixture(2)]);
    const { byId } = await read(server);
    expect(byId.get('aave-gov3-514')).toMatchObject({ status: 'passed', effectiveDate: iso(EXECUTED_AT) });
  });

  const failures: [string, Fault][] = [
    ['answers 503', { kind: 'status', status: 503 }],
    ['names another chain', { kind: 'wrongChain' }],
    ['answers garbage', { kind: 'malformed' }],
  ];
  it.each(failures)('leave the payload unread, the proposal passed and the source succeeding, when the chain %s', async (_, fault) => {
    const server = await serve([...withArbitrumPayload(recordings), arbitrumFixture(3)]);
    server.faults.inject('arbitrum', fault);
    const { byId } = await read(server);
    expect(server.received.arbitrum).toBeGreaterThan(0);
    expect(byId.get('aave-gov3-514')?.status).toBe('passed');
    expect(byId.get('aave-gov3-514')?.effectiveDate).toBeUndefined();
    expect(byId.size).toBe(5);
  });

  it('are asked once per chain for every recorded payload off Ethereum (unrecorded there: they miss, and stay unread)', async () => {
    const server = await serve(recordings);
    const { byId, counts } = await read(server);
    // 512: Arbitrum, Base, Gnosis, Sonic, Plasma; 513: Monad; 514: X Layer.
    const asked = ['arbitrum', 'base', 'gnosis', 'sonic', 'plasma', 'monad', 'xlayer'] as const;
    expect(asked.map((chain) => counts[chain].requests)).toEqual(asked.map(() => 1));
    expect(counts.optimism.requests + counts.bnb.requests + counts.scroll.requests).toBe(0);
    expect(['aave-gov3-512', 'aave-gov3-513', 'aave-gov3-514'].map((id) => byId.get(id)?.status)).toEqual(['passed', 'passed', 'passed']);
  });

  it('ask nothing of a chain no upstream reads, and keep its proposal passed', async () => {
    const unknownChain = withEditedProposal(recordings, ID, (core) => ({ ...core, payloads: core.payloads.map((payload) => ({ ...payload, chain: 999_999n })) }));
    const server = await serve(unknownChain);
    const { byId } = await read(server);
    expect(byId.get('aave-gov3-514')?.status).toBe('passed');
    // Only 512's and 513's chains were asked: X Layer no longer appears in any payload.
    expect(server.received.xlayer).toBe(0);
  });
});
