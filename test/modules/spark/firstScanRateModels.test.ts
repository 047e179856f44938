import { type Address, decodeFunctionData, type Hex } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import type { ExposurePosition } from '../../../shared/domain/position.js';
import { SPARKLEND_DECLARED_CONTRACTS, SPARKLEND_ETHEREUM_MARKET } from '../../../shared/modules/spark/exposure/deployment.js';
import { SPARKLEND_ETHEREUM_ONLY, sparkExposure } from '../../../shared/modules/spark/exposure/sparkExposure.js';
import { lendingPoolExposure } from '../../../shared/readers/lendingPool/lendingPoolExposure.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { syntheticChain, type SyntheticState } from '../../exposure/syntheticChain.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';
import { simulateProposal } from '../../support/simulator.js';
import { change, proposal } from '../../simulate/fixtures.js';
import { BORROWER, SPARK_ABIS, sparkLendState, STRATEGIES, totalsOf, USDT, WETH } from './sparkLendChain.js';

/*
 * A cold Lambda container builds its upstreams, hence its Ethereum reader, afresh: the reader's
 * market shapes are empty, as in a new process. Its first SparkLend scan asks the curves of the
 * strategies the spark module declares (exposure/deployment.ts) with round two, and uses each only
 * where that round's own Pool.getReserveData names the same strategy and aToken. Each test captures
 * a synthetic chain's exchanges on one reader, then scans on a FRESH reader over real HTTP from the
 * replay server, which answers only the requests captured (sparkLendChain.ts: synthetic balances and
 * totals; the WETH and USDT strategies and curves are real, from the 2026-04-23 spell's diff).
 */

const wallet: Wallet = { kind: 'evm', address: '0x3333333333333333333333333333333333333333' };
const context = (upstreams: ReturnType<typeof createUpstreams>) => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
const RAY = 1e27;

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Serves `scans` consecutive scans of `state` (captured on one reader) from the replay server; returns a fresh reader's upstreams on it, and the inner calls it sent. */
async function freshReaderOn(state: SyntheticState, scans: number, exposure = sparkExposure({ markets: SPARKLEND_ETHEREUM_ONLY })) {
  const chain = syntheticChain(SPARK_ABIS, state);
  const capture = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
  for (let scan = 0; scan < scans; scan++) await exposure.readPositions(wallet, context(capture));
  const fixture = {
    upstream: 'ethereum',
    protocol: 'json-rpc',
    description: 'synthetic exchanges of test/modules/spark/sparkLendChain.ts (in memory, never a fixture file)',
    source: { kind: 'encoded', references: ['test/modules/spark/sparkLendChain.ts (synthetic test vectors)'] },
    exchanges: chain.exchanges,
  } as FixtureFile;
  server = await startReplayServer({ fixtures: [fixture] });
  const bodies: string[] = [];
  const upstreams = createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {}, fetch: (input, init) => (bodies.push(String(init?.body)), fetch(input, init)) });
  /** The targets of the inner calls of each request sent so far, lower case. */
  const targetsOf = (request: number): string[] =>
    (JSON.parse(bodies[request]!) as { method: string; params?: [{ data: Hex }] }[])
      .filter((call) => call.method === 'eth_call')
      .flatMap((call) => (decodeFunctionData({ abi: multicall3Abi, data: call.params![0].data }).args[0] as readonly { target: Address }[]).map(({ target }) => target.toLowerCase()));
  const requests = () => upstreams.counter.snapshot().ethereum.requests;
  return { upstreams, requests, targetsOf, scan: () => exposure.readPositions(wallet, context(upstreams)) };
}

const byAsset = (positions: ExposurePosition[], asset: string) => positions.find(({ position }) => position.asset === asset)!;

describe('a fresh reader’s first SparkLend scan', () => {
  it('has every held reserve’s rate model, in two HTTP requests, so a curve change is quantified', async () => {
    const reader = await freshReaderOn(sparkLendState(BORROWER), 1);
    const positions = await reader.scan();
    expect(server!.misses).toEqual([]);
    expect(reader.requests()).toBe(2);
    expect(positions.map(({ position }) => position.asset)).toEqual(['WETH', 'USDT']);
    expect(positions.every(({ inputs }) => inputs.rateModel !== undefined)).toBe(true);

    // A spell raising USDT's slope1 from its curve's 4.1813973… % to 5 %. Below the kink, the borrow
    // rate is slope1 × U / kink (VariableBorrowInterestRateStrategy), so 12,000 USDT of debt pays
    // 12,000 × (0.05 − slope1) × U / kink more a year, U = debt / (debt + cash) of the chain's totals.
    const { debt, cash } = totalsOf(USDT);
    const usage = Number(debt) / Number(debt + cash);
    const curve = STRATEGIES.usdt.curve;
    const expected = -12_000 * ((0.05 - Number(curve.slope1) / RAY) * usage) / (Number(curve.optimal) / RAY);
    const raise = change({ protocol: 'spark', market: 'sparklend-ethereum', asset: 'USDT', parameter: 'slope1', to: 0.05, unit: 'fraction' });
    const impact = simulateProposal(proposal([raise], { id: 'spark-test-1', protocol: 'spark' }), positions);
    expect(impact).toMatchObject({ analysisStatus: 'simulated', affectedAssets: ['USDT'] });
    expect(impact!.estimatedImpactUsd).toBeCloseTo(expected, 2);
  });

  it('asked the declared strategies: without the declaration the same first scan has no rate model and cannot quantify the change', async () => {
    const undeclared = lendingPoolExposure({ ...SPARKLEND_ETHEREUM_MARKET, declaredReserveContracts: undefined });
    const reader = await freshReaderOn(sparkLendState(BORROWER), 1, undeclared);
    const positions = await reader.scan();
    expect(reader.requests()).toBe(2);
    expect(positions.every(({ inputs }) => inputs.rateModel === undefined)).toBe(true);
    const raise = change({ protocol: 'spark', market: 'sparklend-ethereum', asset: 'USDT', parameter: 'slope1', to: 0.05, unit: 'fraction' });
    expect(simulateProposal(proposal([raise], { id: 'spark-test-1', protocol: 'spark' }), positions)?.estimatedImpactUsd).toBeUndefined();
  });

  it('does not use a declared strategy the chain no longer names, and uses the chain’s from the next scan on', async () => {
    // The chain still names WETH's strategy before the 2026-04-23 spell (0x4FD8…), the table the one after it (0xDFB6…).
    const declaredWeth = SPARKLEND_DECLARED_CONTRACTS[WETH.toLowerCase()]!.strategy.toLowerCase();
    expect(declaredWeth).toBe(STRATEGIES.weth.address.toLowerCase());
    const reader = await freshReaderOn(sparkLendState(BORROWER, (asset) => (asset === WETH ? STRATEGIES.wethBefore : STRATEGIES.usdt)), 2);

    const first = await reader.scan();
    expect(reader.requests()).toBe(2);
    // Round two asked the declared curve (its getters answer: the contract exists) and dropped it.
    expect(reader.targetsOf(1)).toContain(declaredWeth);
    expect(byAsset(first, 'WETH').inputs.rateModel).toBeUndefined();
    expect(byAsset(first, 'USDT').inputs.rateModel).toBeDefined();

    const second = await reader.scan();
    expect(reader.requests()).toBe(3);
    expect(server!.misses).toEqual([]);
    expect(reader.targetsOf(2)).toContain(STRATEGIES.wethBefore.address.toLowerCase());
    expect(reader.targetsOf(2)).not.toContain(declaredWeth);
    // 0x4FD8…'s curve: slope2 120 %, slope1 2.109056441413821 % (diffs/20260423, "value before").
    expect(byAsset(second, 'WETH').inputs.rateModel!.borrow).toMatchObject({ kink: 0.9, base: 0, slopeHigh: 1.2 });
    expect(byAsset(second, 'WETH').inputs.rateModel!.borrow.slopeLow).toBeCloseTo(0.02109056441413821, 16);
  });
});
