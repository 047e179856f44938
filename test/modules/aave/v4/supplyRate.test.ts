import { type Abi, getAddress } from 'viem';
import { mainnet } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExposurePosition } from '../../../../shared/domain/position.js';
import type { FeedProposal } from '../../../../shared/domain/proposal.js';
import type { ParameterChange } from '../../../../shared/domain/parameterChange.js';
import { aaveInfo } from '../../../../shared/modules/aave/info.js';
import { readV4Positions } from '../../../../shared/modules/aave/v4/readV4Positions.js';
import { v4SpokesOn } from '../../../../shared/modules/aave/v4/spokes.js';
import { registeredOf } from '../../../../shared/simulate/registered.js';
import { simulateProposalInDetail } from '../../../../shared/simulate/simulateProposal.js';
import { evmReader, multicall3Abi } from '../../../../shared/upstream/clients/ethereumReader.js';
import type { FixtureFile } from '../../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../../shared/upstream/upstreams.js';
import { type SyntheticState, syntheticChain } from '../../../exposure/syntheticChain.js';
import { TEST_POLICY } from '../../../upstream/replayHarness.js';
import { MAIN_RESERVES, type SyntheticReserve, V4_ABIS, v4State } from './v4Chain.js';

/*
 * A v4 supply's rate from its hub (SYNTHETIC: test/modules/aave/v4/v4Chain.ts). WETH sits on the
 * Core hub with 40,000 WETH of liquidity, 50,000 drawn shares and 10,000 premium shares at index
 * 1.0, a stored drawn rate of 5 %, a 10 % liquidity fee and 100,000 WETH of added assets. By the
 * hub's accounting (supplyRate.ts, proven in test/oracles/aaveV4SupplyRate.test.ts) a supply earns
 *   (50,000 + 10,000) × 1.0 × 5 % × (1 − 10 %) / 100,000 = 2.7 % a year
 * (the 1e6 virtual assets move it by 1e-17). The hub priced that rate at usage
 * 50,000 / (40,000 + 50,000) = 5/9. USDC, on the same hub at index 1.0 with a stored 4 % and
 * usage 50,000 / 100,000, is borrowed: 3,000 drawn and 300 of premium (premium shares 300, no
 * offset), so the debt grows by (3,000 + 300) × 1.0 × 4 % a year over 3,300 owed: 4 %.
 * A process's first scan asks, in round one, getReserve of each reserve the address book prices on
 * a spoke (its hub and asset id, fixed for the reserve's life), so round two asks the hub beside the
 * rest on the first scan as on later ones, at no request of its own. A reserve the book does not
 * price is learned from round two and read from the next scan.
 */
const HOLDER = getAddress('0x7777777777777777777777777777777777777777');
const WAD = 10n ** 18n;
const RAY = 10n ** 27n;
const WETH_ON_HUB: SyntheticReserve = {
  ...MAIN_RESERVES[0]!,
  hubAsset: { liquidity: 40_000n * WAD, swept: 0n, addedShares: 100_000n * WAD, drawnShares: 50_000n * WAD, premiumShares: 10_000n * WAD, drawnIndex: RAY, drawnRate: RAY / 20n, liquidityFee: 1_000, addedAssets: 100_000n * WAD },
};
const USDC_ON_HUB: SyntheticReserve = {
  ...MAIN_RESERVES[1]!,
  hubAsset: { liquidity: 50_000n * 10n ** 6n, swept: 0n, addedShares: 105_000n * 10n ** 6n, drawnShares: 50_000n * 10n ** 6n, premiumShares: 5_000n * 10n ** 6n, drawnIndex: RAY, drawnRate: RAY / 25n, liquidityFee: 1_000, addedAssets: 105_000n * 10n ** 6n },
};
const RESERVES = [WETH_ON_HUB, USDC_ON_HUB, ...MAIN_RESERVES.slice(2)];
const HOLDING = { 0: { supplied: 5n * WAD, drawn: 0n, premium: 0n, collateral: true, key: 2 }, 1: { supplied: 0n, drawn: 3_000n * 10n ** 6n, premium: 300n * 10n ** 6n, collateral: false, key: 0 } };
const read = (upstreams: Upstreams, spokes = v4SpokesOn('ethereum')) => readV4Positions(spokes, evmReader(upstreams.ethereum, mainnet), HOLDER, { kind: 'evm', address: HOLDER }, new AbortController().signal);
/** The holder's positions read on a synthetic chain: a fresh process's first scan, then its second. */
async function scans(answer: SyntheticState['answer'], spokes = v4SpokesOn('ethereum')) {
  const chain = syntheticChain(V4_ABIS, { answer: (target, functionName, args, block) => (functionName === 'getBlockNumber' ? { abi: multicall3Abi as unknown as Abi, result: 21_000_000n } : answer(target, functionName, args, block)) });
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} });
  return { chain, first: await read(upstreams, spokes), second: await read(upstreams, spokes) };
}
/** The positions without the rates read from the hub. */
/** The positions as read without their hub: no rate, and no drawn rate on the account's debts. */
const unrated = (positions: readonly ExposurePosition[]) =>
  positions.map(({ position, inputs: { apr: _, aaveV4Rate: __, ...inputs } }) => ({
    position,
    inputs: { ...inputs, ...(inputs.aaveV4 && { aaveV4: { ...inputs.aaveV4, borrows: inputs.aaveV4.borrows?.map(({ drawnRate: ___, ...borrow }) => borrow) } }) },
  }));
const supplyOf = (positions: readonly ExposurePosition[]) => positions.find((position) => position.inputs.role === 'supply')!;
const borrowOf = (positions: readonly ExposurePosition[]) => positions.find((position) => position.inputs.role === 'borrow')!;

describe('a v4 supply’s rate, read from its hub', () => {
  let server: ReplayServer;
  const captured: ExposurePosition[][] = [];
  /** A read whose hub reverts getAddedAssets: no rate. */
  let unread: ExposurePosition[];

  beforeAll(async () => {
    const state = v4State(HOLDER, HOLDING, RESERVES);
    const { chain, first, second } = await scans(state.answer);
    captured.push(first, second);
    unread = (await scans((target, functionName, args, block) => (functionName === 'getAddedAssets' ? undefined : state.answer(target, functionName, args, block)))).first;
    const fixture = { upstream: 'ethereum', protocol: 'json-rpc', description: 'synthetic exchanges of test/modules/aave/v4/v4Chain.ts (in memory, never a fixture file)', source: { kind: 'encoded', references: ['test/modules/aave/v4/v4Chain.ts (synthetic test vectors)'] }, exchanges: chain.exchanges } as FixtureFile;
    server = await startReplayServer({ fixtures: [fixture] });
  });
  afterAll(async () => server?.close());

  it('reads the hub’s rate on a process’s first scan as on the next: 2.7 %, with the share of the drawn rate and the usage it was priced at', () => {
    for (const supply of captured.map(supplyOf)) {
      expect(supply.inputs.apr).toBeCloseTo(0.027, 15);
      expect(supply.inputs.aaveV4Rate).toEqual({ drawnRate: 0.05, shareOfDrawnRate: expect.closeTo(0.54, 15), usage: expect.closeTo(5 / 9, 15), liquidityFee: 1_000 });
    }
    expect(captured[1]).toEqual(captured[0]);
  });

  it('a borrow’s rate from the same read: 4 %, all of the drawn rate on its drawn and premium debt', () => {
    for (const borrow of captured.map(borrowOf)) {
      expect(borrow.inputs.apr).toBeCloseTo(0.04, 15);
      expect(borrow.inputs.aaveV4Rate).toEqual({ drawnRate: 0.04, shareOfDrawnRate: 1, usage: 0.5 });
    }
  });

  it('asks round one for the reserves the book prices once a process, and learns a reserve it does not price from round two, for the next scan', async () => {
    const state = v4State(HOLDER, HOLDING, RESERVES);
    // getReserve calls answered, per scan: round one's guesses, then round two's of the Main spoke's three reserves.
    const asked: number[] = [];
    const counting: SyntheticState['answer'] = (target, functionName, args, block) => {
      if (functionName === 'getReserve') asked[asked.length - 1]! += 1;
      return state.answer(target, functionName, args, block);
    };
    const chain = syntheticChain(V4_ABIS, { answer: (target, functionName, args, block) => (functionName === 'getBlockNumber' ? { abi: multicall3Abi as unknown as Abi, result: 21_000_000n } : counting(target, functionName, args, block)) });
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} });
    const spokes = v4SpokesOn('ethereum');
    const priced = spokes.reduce((sum, spoke) => sum + spoke.pricedReserves, 0);
    expect(priced).toBe(75);
    for (let run = 0; run < 2; run++) {
      asked.push(0);
      await read(upstreams, spokes);
    }
    expect(asked).toEqual([priced + 3, 3]);

    const unpriced = await scans(state.answer, spokes.map((spoke) => ({ ...spoke, pricedReserves: 0 })));
    expect(supplyOf(unpriced.first).inputs.apr).toBeUndefined();
    expect(unpriced.first).toEqual(unrated(captured[0]!));
    expect(unpriced.second).toEqual(captured[0]);
  });

  it('costs no request more: two on a fresh process, then one', async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000 }, env: {} });
    expect(await read(upstreams)).toEqual(captured[0]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(2);
    expect(await read(upstreams)).toEqual(captured[1]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(3);
    expect(server.misses).toEqual([]);
  });

  it('leaves the rate unread, and the positions as they are, where the hub reverts', () => {
    expect(supplyOf(unread).inputs.apr).toBeUndefined();
    expect(unread).toEqual(unrated(captured[0]!));
  });

  describe('a rate curve change on the hub (UpdateInterestRateData: optimal 90 %, base 0, 9 % before optimal, 50 % after)', () => {
    const change = (parameter: string, to: number, unit: ParameterChange['unit']): ParameterChange => ({ protocol: 'aave', market: 'aave-v4-ethereum-main', asset: 'WETH', parameter, to, unit, evidence: 'UpdateInterestRateData', verified: true });
    const curve = [change('optimalUsage', 9_000, 'bps'), change('baseRate', 0, 'fraction'), change('slope1', 0.09, 'fraction'), change('slope2', 0.5, 'fraction')];
    const proposal = (changes: ParameterChange[]): FeedProposal =>
      ({ id: 'aave-v4-rates', protocol: 'aave', title: 'WETH rates on the Core hub', status: 'active', timeline: { created: '2026-11-20T00:00:00Z' }, changes, changeType: 'parameter' }) as unknown as FeedProposal;

    it('earns about $45 a year more on $15,000: drawn 5 % → 9 % × (5/9) / 90 % = 5.556 %, supply 2.7 % + 54 % × 0.556 % = 3.0 %', async () => {
      const registered = await registeredOf([aaveInfo]);
      const simulated = simulateProposalInDetail(proposal(curve), captured[1]!, registered);
      const effect = simulated?.effects.find((entry) => entry.yearly);
      expect(effect?.yearly).toEqual({ asset: 'WETH', aprBefore: expect.closeTo(0.027, 12), aprAfter: expect.closeTo(0.03, 12), usd: 45 });
      expect(effect?.summary).toBe('Your WETH position earns about $45 more a year.');
    });

    it('costs the USDC borrower about $33 a year more on $3,300 (optimal 80 %, 8 % before it: drawn 4 % → 8 % × 0.5 / 0.8 = 5 %)', async () => {
      const registered = await registeredOf([aaveInfo]);
      const usdc = [change('optimalUsage', 8_000, 'bps'), change('baseRate', 0, 'fraction'), change('slope1', 0.08, 'fraction'), change('slope2', 0.6, 'fraction')].map((entry) => ({ ...entry, asset: 'USDC' }));
      const effect = simulateProposalInDetail(proposal(usdc), captured[1]!, registered)?.effects.find((entry) => entry.yearly);
      expect(effect?.yearly).toEqual({ asset: 'USDC', aprBefore: expect.closeTo(0.04, 12), aprAfter: expect.closeTo(0.05, 12), usd: -33 });
      expect(effect?.summary).toBe('Your USDC position costs about $33 more a year.');
    });

    it('with the liquidity fee raised to 20 % in the same proposal: 3.0 % × 80 % / 90 % = 2.667 %, about $5 a year less on $15,000', async () => {
      const registered = await registeredOf([aaveInfo]);
      const effect = simulateProposalInDetail(proposal([...curve, change('v4LiquidityFee', 2_000, 'bps')]), captured[1]!, registered)?.effects.find((entry) => entry.yearly);
      expect(effect?.yearly).toEqual({ asset: 'WETH', aprBefore: expect.closeTo(0.027, 12), aprAfter: expect.closeTo(0.08 / 3, 12), usd: -5 });
    });

    it('is not priced without the hub’s rate or with part of the curve, and says so', async () => {
      const registered = await registeredOf([aaveInfo]);
      for (const [positions, changes] of [[unread, curve], [captured[1]!, curve.slice(1)]] as const) {
        const effect = simulateProposalInDetail(proposal([...changes]), positions, registered)?.effects.find((entry) => entry.assets.includes('WETH'));
        expect(effect).toMatchObject({ simulated: false });
        expect(effect?.summary).toContain('the inputs to compute its rate were not read');
      }
    });
  });
  describe('a collateral risk change on the spoke (UpdateReserveConfig: WETH 15 % → 25 %)', () => {
    const risk: ParameterChange = { protocol: 'aave', market: 'aave-v4-ethereum-main', asset: 'WETH', parameter: 'v4CollateralRisk', to: 2_500, unit: 'bps', evidence: 'UpdateReserveConfig', verified: true };
    const proposal = { id: 'aave-v4-risk', protocol: 'aave', title: 'WETH collateral risk on the Main spoke', status: 'active', timeline: { created: '2026-11-20T00:00:00Z' }, changes: [risk], changeType: 'parameter' } as unknown as FeedProposal;

    it('costs the USDC borrower $12 a year more from its next refresh: 3,000 drawn × (25 % − 15 %) × 4 %, over 3,300 owed 4.18 % → 4.55 %', async () => {
      // WETH covers the whole debt, so the account's premium is WETH's 15 %; the position last refreshed at 10 % (300 premium shares on 3,000 drawn): both ends are priced as refreshed, so the 4 % it pays now is not the "before".
      expect(borrowOf(captured[1]!).inputs.aaveV4!.borrows).toEqual([{ asset: 'USDC', drawnUsd: 3_000, debtUsd: 3_300, drawnRate: 0.04 }]);
      const registered = await registeredOf([aaveInfo]);
      const effects = simulateProposalInDetail(proposal, captured[1]!, registered)?.effects;
      expect(effects).toHaveLength(1);
      expect(effects![0]!.yearly).toEqual({ asset: 'USDC', aprBefore: expect.closeTo((3_000 * 1.15 * 0.04) / 3_300, 15), aprAfter: expect.closeTo((3_000 * 1.25 * 0.04) / 3_300, 15), usd: -12 });
      expect(effects![0]).toMatchObject({ usd: -12, estimatedChange: 'about $12 a year more (4.18\u00a0% → 4.55\u00a0%)' });
      expect(effects![0]!.summary).toContain('from the spoke’s next refresh of your premium');
    });

    it('states the premium alone where the hub was not read, naming the drawn rate', async () => {
      const registered = await registeredOf([aaveInfo]);
      const effects = simulateProposalInDetail(proposal, unread, registered)?.effects;
      expect(effects).toEqual([expect.objectContaining({ estimatedChange: 'risk premium 15\u00a0% → 25\u00a0%', simulated: true })]);
      expect(effects![0]).not.toHaveProperty('usd');
      expect(effects![0]!.summary).toContain('the drawn rate of USDC was not read');
    });
  });

  describe('a liquidity fee change on the hub (UpdateAssetConfig: WETH’s fee 10 % → 20 %)', () => {
    const fee = (to: number, extra: Partial<ParameterChange> = {}): ParameterChange => ({ protocol: 'aave', market: 'aave-v4-ethereum-main', asset: 'WETH', parameter: 'v4LiquidityFee', to, unit: 'bps', evidence: 'UpdateAssetConfig', verified: true, ...extra });
    const proposal = (changes: ParameterChange[]): FeedProposal =>
      ({ id: 'aave-v4-fee', protocol: 'aave', title: 'WETH liquidity fee on the Core hub', status: 'active', timeline: { created: '2026-11-20T00:00:00Z' }, changes, changeType: 'parameter' }) as unknown as FeedProposal;

    it('earns about $45 a year less on $15,000: 2.7 % × (1 − 20 %) / (1 − 10 %) = 2.4 %, from the fee read on the hub', async () => {
      const registered = await registeredOf([aaveInfo]);
      const simulated = simulateProposalInDetail(proposal([fee(2_000)]), captured[1]!, registered);
      expect(simulated?.changes).toEqual([expect.objectContaining({ verdict: 'matches_chain', chainValue: 1_000 })]);
      const effect = simulated?.effects.find((entry) => entry.yearly);
      expect(effect?.yearly).toEqual({ asset: 'WETH', aprBefore: expect.closeTo(0.027, 12), aprAfter: expect.closeTo(0.024, 12), usd: -45 });
      expect(effect?.summary).toBe('Your WETH position earns about $45 less a year.');
    });

    it('reaches no borrower: the fee is taken from what suppliers earn, not added to what borrowers pay', async () => {
      const registered = await registeredOf([aaveInfo]);
      const simulated = simulateProposalInDetail(proposal([fee(2_000, { asset: 'USDC' })]), captured[1]!, registered);
      expect(simulated).toBeNull();
    });

    it('is in effect where the hub already keeps that fee, and not priced where the hub was not read', async () => {
      const registered = await registeredOf([aaveInfo]);
      expect(simulateProposalInDetail(proposal([fee(1_000)]), captured[1]!, registered)?.changes).toEqual([expect.objectContaining({ verdict: 'in_effect' })]);
      const first = simulateProposalInDetail(proposal([fee(2_000)]), unread, registered);
      expect(first?.effects.find((entry) => entry.assets.includes('WETH'))).toMatchObject({ simulated: false });
    });
  });
});
