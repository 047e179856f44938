import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../../shared/domain/parameterChange.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { readingVerdict } from '../../../shared/feed/currentValues/readingVerdict.js';
import { withChainReadings } from '../../../shared/feed/currentValues/withChainReadings.js';
import { moduleEntry } from '../../../shared/modules/loaders.js';
import { morphoBlueAbi, vaultAbi } from '../../../shared/modules/morpho/abi.js';
import { morphoCurrentValues } from '../../../shared/modules/morpho/currentValues.js';
import { ETHEREUM, vaultMarket } from '../../../shared/modules/morpho/deployment.js';
import { morpho } from '../../../shared/modules/morpho/index.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { fakeEvmNode, type InnerCall } from '../../support/fakeEvmNode.js';
import { missesOnRecordedUpstreams, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';
import { sparkDaiStateWithQueue } from './currentValuesChain.js';
import { SPARK_DAI_VAULT } from './sparkDaiScenario.js';

/*
 * Issue #21 item 4 over real HTTP: morpho's current-value reader, as the feed build calls it, against
 * the replay server. The recorded part reads the recorded feed's two open proposals (the Spark DAI
 * vault's pending cap raises of Spark's 2025-01-09 spell) from
 * test/fixtures/upstream/ethereum/morpho-current-values.json (real caps, partly synthetic withdraw
 * queue: its notes say which). The fault part records the reader's own requests against the same
 * stand-in vault with one view broken (SYNTHETIC, made here, never written to fixtures).
 */
const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const SPARK = vaultMarket('ethereum', SPARK_DAI_VAULT);
const STEAKHOUSE = vaultMarket('ethereum', ETHEREUM.vaults[0]!.address);

const recordedProposals = async (): Promise<FeedProposal[]> =>
  morpho.source.ethvaults!.readProposals({ signal: new AbortController().signal, now: NOW, upstreams: replay.upstreams({ deadlineMs: 2_000 }) });

const read = (proposals: FeedProposal[], retries?: number) =>
  withChainReadings(proposals, { modules: [moduleEntry('morpho')], upstreams: replay.upstreams({ deadlineMs: 2_000, ...(retries !== undefined && { retries }) }), now: NOW, deadlineMs: 5_000 });

describe('the old values of open Morpho vault changes, read on chain at feed build time', () => {
  it('reads the Spark DAI vault’s two pending cap raises through its withdraw queue, at one block, each stated old cap agreeing', async () => {
    const listed = await recordedProposals();
    const before = replay.server.received.ethereum;
    const proposals = await read(listed);
    // Three aggregate3 rounds (the first with eth_chainId in the same batch): the queue, its ids, their params and configs.
    expect(replay.server.received.ethereum - before, 'HTTP requests to Ethereum').toBe(3);
    const open = proposals.filter((proposal) => proposal.chainReadings);
    expect(open.map((proposal) => proposal.id)).toEqual(['morpho-ethvaults-21590000-6', 'morpho-ethvaults-21590000-7']);
    expect(open.map((proposal) => [proposal.changes[0]!.market!.split(':')[1], proposal.changes[0]!.from, proposal.chainReadings![0]])).toEqual([
      ['PT-sUSDe-27Mar2025/DAI 91.5%', 400_000_000, { value: 400_000_000 }],
      // Outside the queue: its first cap is still pending, so the vault holds none.
      ['PT-sUSDe-29May2025/DAI 91.5%', 0, { value: 0 }],
    ]);
    expect(open.map((proposal) => readingVerdict(proposal.changes[0]!, proposal.chainReadings![0]!).kind)).toEqual(['agrees', 'agrees']);
    // Executed changes are not read: the chain holds their outcome.
    expect(proposals.find((proposal) => proposal.id === 'morpho-ethvaults-21590000-0')!.chainReadings).toBeUndefined();
  });

  it('says "could not be read on Ethereum" for every change when Ethereum fails, and keeps every proposal and change', async () => {
    const proposals = await recordedProposals();
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 }, 10);
    const degraded = await read(proposals, 0);
    expect(degraded.map((proposal) => [proposal.id, proposal.changes.length])).toEqual(proposals.map((proposal) => [proposal.id, proposal.changes.length]));
    for (const proposal of degraded.filter((candidate) => candidate.chainReadings)) expect(proposal.chainReadings).toEqual([{ notRead: expect.stringMatching(/^could not be read on Ethereum \(ethereum: .*503/) }]);
  });
});

const change = (fields: Partial<ParameterChange>): ParameterChange => ({ protocol: 'morpho', market: SPARK, asset: 'DAI', parameter: 'vaultTimelock', to: 1, unit: 'state', evidence: 'test', verified: true, ...fields });
const CHANGES: ParameterChange[] = [
  change({ market: `${SPARK}:PT-sUSDe-27Mar2025/DAI 91.5%`, parameter: 'vaultSupplyCap', to: 500_000_000, unit: 'tokens' }),
  change({ market: `${SPARK}:USDe/DAI 94.5%`, parameter: 'vaultMarketRemoval', from: 'enabled', to: 'removed' }),
  change({ market: `${SPARK}:PT-sUSDe-29May2025/DAI 91.5%`, parameter: 'vaultMarketRemoval', from: 'enabled', to: 'removed' }),
  change({ parameter: 'vaultTimelock', to: 172_800 }),
  change({ parameter: 'vaultFee', to: 0.1, unit: 'fraction' }),
  change({ market: STEAKHOUSE, asset: 'USDC', parameter: 'vaultGuardian', to: '0x0000000000000000000000000000000000000001' }),
  change({ market: 'metamorpho-ethereum-0x0000000000000000000000000000000000000bad', parameter: 'vaultFee', to: 0.1, unit: 'fraction' }),
  change({ market: SPARK, parameter: 'vaultSupplyCap', to: 1, unit: 'tokens' }),
  change({ parameter: 'lltv', to: 0.9, unit: 'fraction' }),
];

/** The reader's requests for CHANGES against the stand-in vault, `override` breaking one view; served by a fresh replay server. */
async function readBroken(override?: (call: InnerCall) => { abi: Abi; result: unknown } | undefined | 'revert', fault?: Fault) {
  const node = fakeEvmNode([vaultAbi, morphoBlueAbi] as unknown as Abi[], sparkDaiStateWithQueue(override));
  await morphoCurrentValues().readCurrentValues(CHANGES, { signal: AbortSignal.timeout(5_000), now: NOW, upstreams: createUpstreams({ endpoints: { ethereum: 'http://fake-node.invalid' }, fetch: node.fetch, env: {} }) });
  const fixture = {
    upstream: 'ethereum',
    protocol: 'json-rpc',
    description: 'SYNTHETIC: the Spark DAI stand-in vault with one view broken, made in test/modules/morpho/currentValues.test.ts',
    source: { kind: 'encoded', references: ['test/modules/morpho/currentValues.test.ts (SYNTHETIC)'] },
    exchanges: node.exchanges.filter((exchange) => exchange.request.method === 'eth_call'),
  } as FixtureFile;
  // Only the chain id from the recordings: the recorded vault would answer the same queue reads unbroken.
  const fixtures = [...(await loadFixtures()).filter((file) => file.upstream !== 'ethereum' || !file.description.startsWith('The current values of the Spark DAI vault')), fixture];
  const server = await startReplayServer({ fixtures });
  try {
    if (fault) server.faults.inject('ethereum', fault, 10);
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 2_000, retries: fault ? 0 : 2 }, env: {} });
    const readings = await morphoCurrentValues().readCurrentValues(CHANGES, { signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
    if (!fault) expect(missesOnRecordedUpstreams(server, fixtures).map((miss) => JSON.stringify(miss).slice(0, 600))).toEqual([]);
    return readings;
  } finally {
    await server.close();
  }
}

const WHY_NOT = [{ notRead: 'this market is not read on chain yet' }, { notRead: 'it names no market of the vault' }, { notRead: 'this parameter is not read on chain yet' }];
const QUEUE_UNREAD = { notRead: 'the vault’s withdraw queue could not be read (a view refused or its answer did not decode)' };

describe('Morpho’s reader, kind by kind and fault by fault (SYNTHETIC answers of the stand-in vault)', () => {
  it('reads caps, enabled markets, timelock, fee and guardian in the changes’ units, and says why where it cannot', async () => {
    expect(await readBroken()).toEqual([
      { value: 400_000_000 },
      // Cut to 0 by the spell, still enabled until removed; never in the queue, so removed already.
      { value: 'enabled' },
      { value: 'removed' },
      { value: 86_400 },
      { value: 0 },
      { value: '0x0000000000000000000000000000000000000000' },
      ...WHY_NOT,
    ]);
  });

  it('costs a reverted vault view only its own change, and a broken withdraw queue only that vault’s market changes', async () => {
    const feeReverts = await readBroken((call) => (call.functionName === 'fee' ? 'revert' : undefined));
    expect(feeReverts.slice(3, 6)).toEqual([{ value: 86_400 }, { notRead: 'the contract refused the read' }, { value: '0x0000000000000000000000000000000000000000' }]);
    expect(feeReverts[0]).toEqual({ value: 400_000_000 });
    const queueReverts = await readBroken((call) => (call.functionName === 'withdrawQueue' && call.args[0] === 2n ? 'revert' : undefined));
    expect(queueReverts.slice(0, 6)).toEqual([QUEUE_UNREAD, QUEUE_UNREAD, QUEUE_UNREAD, { value: 86_400 }, { value: 0 }, { value: '0x0000000000000000000000000000000000000000' }]);
    const configCut = await readBroken((call) => (call.functionName === 'config' ? { abi: [{ type: 'function', name: 'config', stateMutability: 'view', inputs: [{ name: 'id', type: 'bytes32' }], outputs: [] }] as Abi, result: undefined } : undefined));
    expect(configCut.slice(0, 4)).toEqual([QUEUE_UNREAD, QUEUE_UNREAD, QUEUE_UNREAD, { value: 86_400 }]);
  });

  it.each([
    ['answers HTTP 503', { kind: 'status', status: 503 } as const, /^could not be read on Ethereum \(ethereum: .*503/],
    ['answers what does not decode', { kind: 'malformed' } as const, /^could not be read on Ethereum \(/],
  ])('says "could not be read on Ethereum" when the chain %s, keeping the reasons it planned', async (_, fault, why) => {
    const readings = await readBroken(undefined, fault);
    for (const reading of readings.slice(0, 6)) expect(reading).toEqual({ notRead: expect.stringMatching(why) });
    expect(readings.slice(6)).toEqual(WHY_NOT);
  });
});
