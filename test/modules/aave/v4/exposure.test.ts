import type { ParameterChange } from '../../../../shared/domain/parameterChange.js';
import { getAddress } from 'viem';
import { mainnet } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../../shared/address/types.js';
import type { ExposurePosition } from '../../../../shared/domain/position.js';
import type { FeedProposal } from '../../../../shared/domain/proposal.js';
import { aaveInfo } from '../../../../shared/modules/aave/info.js';
import { readV4Positions } from '../../../../shared/modules/aave/v4/readV4Positions.js';
import { v4SpokesOn } from '../../../../shared/modules/aave/v4/spokes.js';
import { registeredOf } from '../../../../shared/simulate/registered.js';
import { simulateProposalInDetail } from '../../../../shared/simulate/simulateProposal.js';
import { evmReader } from '../../../../shared/upstream/clients/ethereumReader.js';
import type { FixtureFile } from '../../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../../shared/upstream/upstreams.js';
import { multicall3Abi } from '../../../../shared/upstream/clients/ethereumReader.js';
import { syntheticChain } from '../../../exposure/syntheticChain.js';
import { TEST_POLICY } from '../../../upstream/replayHarness.js';
import { MAIN_SPOKE, V4_ABIS, v4State } from './v4Chain.js';
import type { Abi } from 'viem';

const HOLDER = getAddress('0x4444444444444444444444444444444444444444');
const holder: Wallet = { kind: 'evm', address: HOLDER };
const nobody: Wallet = { kind: 'evm', address: '0x6666666666666666666666666666666666666666' };
const SPOKES = v4SpokesOn('ethereum');
const read = (upstreams: Upstreams, wallet: Wallet) => readV4Positions(SPOKES, evmReader(upstreams.ethereum, mainnet), getAddress(wallet.address), wallet, new AbortController().signal);

describe('Aave v4 positions over HTTP, answered by the replay server (synthetic spokes: test/modules/aave/v4/v4Chain.ts)', () => {
  let server: ReplayServer;
  const captured: ExposurePosition[][] = [];

  beforeAll(async () => {
    // A capture pass on one process (the holder twice, so the replayed warm scan finds its request), then replayed over HTTP.
    const state = v4State(HOLDER);
    const chain = syntheticChain(V4_ABIS, {
      answer: (target, functionName, args, block) => (functionName === 'getBlockNumber' ? { abi: multicall3Abi as unknown as Abi, result: 21_000_000n } : state.answer(target, functionName, args, block)),
    });
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} });
    for (const wallet of [holder, holder, nobody]) captured.push(await read(upstreams, wallet));
    const fixture = {
      upstream: 'ethereum',
      protocol: 'json-rpc',
      description: 'synthetic exchanges of test/modules/aave/v4/v4Chain.ts (in memory, never a fixture file)',
      source: { kind: 'encoded', references: ['test/modules/aave/v4/v4Chain.ts (synthetic test vectors)'] },
      exchanges: chain.exchanges,
    } as FixtureFile;
    server = await startReplayServer({ fixtures: [fixture] });
  });
  afterAll(async () => server?.close());

  it('finds the holder’s Main spoke supply and debt, valued at the spoke’s oracle, with the spoke’s own health factor and risk premium', () => {
    const [supply, borrow] = captured[0]!;
    expect(captured[0]).toHaveLength(2);
    expect(supply!.position).toMatchObject({ id: 'aave-v4-ethereum-main-weth-supply', protocol: 'aave', asset: 'WETH', amount: '5', collateral: '5', valueUsd: 15_000, healthFactor: 2, chain: 'ethereum', market: 'aave-v4-ethereum-main' });
    // Drawn and premium debt together: 5,900 + 100 USDC.
    expect(borrow!.position).toMatchObject({ id: 'aave-v4-ethereum-main-usdc-borrow', asset: 'USDC', amount: '6000', debt: '6000', valueUsd: 6_000, healthFactor: 2 });
    expect(supply!.inputs.account).toEqual({ market: 'aave-v4-ethereum-main', healthFactor: 2, debtUsd: 6_000, collateral: [{ asset: 'WETH', valueUsd: 15_000, liquidationThreshold: 8000 }] });
    // The position is on key 1 (80 %) while the reserve's latest is key 2 (82 %).
    expect(supply!.inputs.aaveV4).toEqual({
      market: 'aave-v4-ethereum-main',
      riskPremium: 1500,
      collateral: [{ asset: 'WETH', valueUsd: 15_000, collateralFactor: 8000, collateralRisk: 1500, dynamicConfigKey: 1, latestConfigKey: 2 }],
      // The debt's drawn part and whole; no drawn rate: this synthetic reserve has no hub asset, so its hub read reverts.
      borrows: [{ asset: 'USDC', drawnUsd: 5_900, debtUsd: 6_000 }],
    });
  });

  it('costs the holder two HTTP requests on a fresh process and ONE once the reader has seen it; a wallet in no spoke, one', async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: { ...TEST_POLICY, deadlineMs: 5_000 }, env: {} });
    expect(await read(upstreams, holder)).toEqual(captured[0]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(2);
    expect(await read(upstreams, holder)).toEqual(captured[0]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(3);
    expect(await read(upstreams, nobody)).toEqual([]);
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(4);
    expect(server.misses).toEqual([]);
  });

  it('names the spoke for people', () => {
    expect(aaveInfo.marketName(MAIN_SPOKE.market)).toBe('Aave v4 Ethereum Main Spoke');
  });
});

describe('a v4 proposal against the holder’s account', () => {
  const change = (parameter: string, configKey: number, to: number): ParameterChange => ({ protocol: 'aave', market: 'aave-v4-ethereum-main', asset: 'WETH', parameter, to, unit: 'bps' as const, configKey, evidence: 'UpdateDynamicReserveConfig', verified: true });
  const proposal = (changes: ReturnType<typeof change>[]): FeedProposal =>
    ({ id: 'aave-v4-test', protocol: 'aave', title: 'WETH collateral factor on the Main spoke', status: 'active', timeline: { created: '2026-11-20T00:00:00Z' }, changes, changeType: 'parameter' }) as unknown as FeedProposal;

  it('moves the health factor of a position still on the updated key, as the spoke computes it: 15,000 × 70 % / 6,000 = 1.75', async () => {
    const registered = await registeredOf([aaveInfo]);
    const simulated = simulateProposalInDetail(proposal([change('v4CollateralFactor', 1, 7000)]), captured(), registered);
    expect(simulated?.changes[0]).toMatchObject({ verdict: 'matches_chain', chainValue: 8000 });
    expect(simulated?.effects.find((effect) => effect.healthFactor)?.healthFactor).toEqual({ market: 'aave-v4-ethereum-main', before: 2, after: 1.75 });
    expect(simulated?.impact.summary).toContain('Aave v4 Ethereum Main Spoke');
  });

  it('reaches no position when the update is to another key, or when a key is added, until the position refreshes', async () => {
    const registered = await registeredOf([aaveInfo]);
    expect(simulateProposalInDetail(proposal([change('v4CollateralFactor', 2, 7000)]), captured(), registered)).toBeNull();
    expect(simulateProposalInDetail(proposal([change('v4CollateralFactor', 3, 6000)]), captured(), registered)).toBeNull();
  });

  it('prices a larger liquidation bonus on the same key as a cost only if liquidated', async () => {
    const registered = await registeredOf([aaveInfo]);
    const simulated = simulateProposalInDetail(proposal([{ ...change('v4MaxLiquidationBonus', 1, 800), from: 500 }]), captured(), registered);
    expect(simulated?.effects.map((effect) => effect.summary)).toEqual(['A liquidation of your WETH collateral could cost you a bonus of up to 8\u00a0% of the debt repaid instead of 5\u00a0%; nothing moves unless you are liquidated.']);
  });
});

/** The holder's positions as the first describe read them (the same synthetic account, built again for this describe). */
function captured(): ExposurePosition[] {
  const account = { market: 'aave-v4-ethereum-main', healthFactor: 2, debtUsd: 6_000, collateral: [{ asset: 'WETH', valueUsd: 15_000, liquidationThreshold: 8000 }] };
  const aaveV4 = { market: 'aave-v4-ethereum-main', riskPremium: 1500, collateral: [{ asset: 'WETH', valueUsd: 15_000, collateralFactor: 8000, collateralRisk: 1500, dynamicConfigKey: 1, latestConfigKey: 2 }] };
  const base = { protocol: 'aave', user_address: HOLDER, healthFactor: 2, chain: 'ethereum', market: 'aave-v4-ethereum-main' };
  return [
    { position: { ...base, id: 'aave-v4-ethereum-main-weth-supply', asset: 'WETH', amount: '5', collateral: '5', valueUsd: 15_000 }, inputs: { market: 'aave-v4-ethereum-main', role: 'supply', valueUsd: 15_000, account, aaveV4 } },
    { position: { ...base, id: 'aave-v4-ethereum-main-usdc-borrow', asset: 'USDC', amount: '6000', debt: '6000', valueUsd: 6_000 }, inputs: { market: 'aave-v4-ethereum-main', role: 'borrow', valueUsd: 6_000, account, aaveV4 } },
  ];
}

describe('a v4 collateral-risk change against the holder’s account', () => {
  const riskChange = (to: number) => ({ protocol: 'aave', market: 'aave-v4-ethereum-main', asset: 'WETH', parameter: 'v4CollateralRisk', to, unit: 'bps' as const, evidence: 'UpdateReserveConfig', verified: true });
  const proposal = (to: number): FeedProposal =>
    ({ id: 'aave-v4-risk', protocol: 'aave', title: 'WETH collateral risk on the Main spoke', status: 'active', timeline: { created: '2026-11-20T00:00:00Z' }, changes: [riskChange(to)], changeType: 'parameter' }) as unknown as FeedProposal;

  it('moves the borrow’s risk premium as the spoke computes it (WETH covers all the debt: 15 % → 25 %), once per account', async () => {
    const registered = await registeredOf([aaveInfo]);
    const simulated = simulateProposalInDetail(proposal(2500), captured(), registered);
    expect(simulated?.changes[0]).toMatchObject({ verdict: 'matches_chain', chainValue: 1500 });
    expect(simulated?.effects).toHaveLength(1);
    expect(simulated?.effects[0]).toMatchObject({ level: 'low', estimatedChange: 'risk premium 15\u00a0% → 25\u00a0%' });
  });

  it('reaches no account without that collateral', async () => {
    const registered = await registeredOf([aaveInfo]);
    expect(simulateProposalInDetail({ ...proposal(2500), changes: [{ ...riskChange(2500), asset: 'wstETH' }] } as FeedProposal, captured(), registered)).toBeNull();
  });
});
