import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ExposurePosition } from '../../../../shared/domain/position.js';
import type { FeedProposal } from '../../../../shared/domain/proposal.js';
import { aaveInfo } from '../../../../shared/modules/aave/info.js';
import { type V4SpokeAccountInput, v4Positions, v4SpokeAccount } from '../../../../shared/modules/aave/v4/v4WhatIf.js';
import { registeredOf } from '../../../../shared/simulate/registered.js';
import { simulateProposalInDetail } from '../../../../shared/simulate/simulateProposal.js';
import { runWhatIf } from '../../../../shared/whatIf/runWhatIf.js';

/*
 * What a collateral risk change costs a v4 borrower a year (riskPremiumCalculator.ts), on the
 * README's SYNTHETIC spoke account: $30,000 of WETH (collateral risk 15 %) and $10,000 of wstETH
 * (10 %) as collateral, $12,000 of USDC drawn at a drawn rate of 4 %. The spoke covers the debt with
 * the least risky collateral first: wstETH's $10,000 at 10 %, then $2,000 of WETH at 15 %, so the
 * risk premium is 1,083.3 bps rounded up to 1,084, and the borrow, refreshed at it, pays
 * 4 % × 1.1084 = 4.4336 %.
 */
const MARKET = 'aave-v4-ethereum-main';
const WETH = { asset: 'WETH', suppliedUsd: 30_000, collateral: true, collateralFactors: [0.8], collateralRisk: 0.15 };
const WSTETH = { asset: 'wstETH', suppliedUsd: 10_000, collateral: true, collateralFactors: [0.75], collateralRisk: 0.1 };
const USDC = { asset: 'USDC', drawnUsd: 12_000, drawnRate: 0.04 };

const positionsOf = (reserves: unknown[]): ExposurePosition[] => v4Positions('aave', v4SpokeAccount.parse({ spoke: MARKET, reserves }) as V4SpokeAccountInput);
const proposal = (asset: string, to: number): FeedProposal =>
  ({
    id: 'aave-v4-risk',
    protocol: 'aave',
    title: `${asset} collateral risk`,
    status: 'active',
    timeline: { created: '2026-11-20T00:00:00Z' },
    changes: [{ protocol: 'aave', market: MARKET, asset, parameter: 'v4CollateralRisk', to, unit: 'bps', evidence: 'UpdateReserveConfig', verified: true }],
    changeType: 'parameter',
  }) as unknown as FeedProposal;
async function effectsOf(positions: ExposurePosition[], asset: string, to: number) {
  const registered = await registeredOf([aaveInfo]);
  return simulateProposalInDetail(proposal(asset, to), positions, registered)!.effects;
}

describe('a v4 collateral risk change, priced in dollars where the drawn rate is known', () => {
  it('costs $19.97 a year more when wstETH’s risk goes to 20 %: WETH then covers the debt at 15 %, 4.4336 % → 4.6 % on $12,000', async () => {
    const [effect, ...rest] = await effectsOf(positionsOf([WETH, WSTETH, USDC]), 'wstETH', 2_000);
    expect(rest).toEqual([]);
    expect(effect!.yearly).toEqual({ asset: 'USDC', aprBefore: expect.closeTo(0.044336, 15), aprAfter: expect.closeTo(0.046, 15), usd: -19.97 });
    expect(effect).toMatchObject({ level: 'low', usd: -19.97, estimatedChange: 'about $20 a year more (4.43\u00a0% → 4.6\u00a0%)', assets: ['USDC', 'wstETH'], simulated: true });
    // The spoke re-sets premium shares only at a refresh: the effect says from when, and that a repay does not.
    expect(effect!.summary).toBe(
      'Your Aave v4 Ethereum Main Spoke USDC borrow would cost about $20 more a year: its risk premium moves from 10.84\u00a0% to 15\u00a0% of the drawn rate, from the spoke’s next refresh of your premium (your next borrow, collateral withdrawal or collateral switch, a liquidation or a premium update; a supply or a repay keeps the premium last set).',
    );
  });

  it('earns the borrower $28.03 a year when WETH’s risk falls to 5 %: WETH then covers it all, 10.84 % → 5 % of 4 % on $12,000, graded low at most', async () => {
    const [effect] = await effectsOf(positionsOf([WETH, WSTETH, USDC]), 'WETH', 500);
    expect(effect).toMatchObject({ level: 'low', usd: 28.03, yearly: { asset: 'USDC', usd: 28.03 } });
    expect(effect!.summary).toContain('would cost about $28 less a year');
  });

  it('prices the premium on the drawn debt alone, over what is owed with the premium debt: $500 of premium makes it 1,100 bps, then 1,500: 12,000 × 4 % × 4 % = $19.20', async () => {
    const [effect] = await effectsOf(positionsOf([WETH, WSTETH, { ...USDC, premiumUsd: 500 }]), 'wstETH', 2_000);
    expect(effect!.yearly).toEqual({ asset: 'USDC', aprBefore: expect.closeTo((12_000 * 1.11 * 0.04) / 12_500, 15), aprAfter: expect.closeTo((12_000 * 1.15 * 0.04) / 12_500, 15), usd: -19.2 });
  });

  it('prices each debt on its own drawn rate, and states the premium alone for a debt whose drawn rate was not given, naming it', async () => {
    const effects = await effectsOf(positionsOf([WETH, WSTETH, { ...USDC, drawnUsd: 6_000 }, { asset: 'DAI', drawnUsd: 6_000 }]), 'wstETH', 2_000);
    expect(effects).toHaveLength(2);
    // USDC: 6,000 × 4 % × (15 % − 10.84 %) = $9.98.
    expect(effects[0]).toMatchObject({ usd: -9.98, yearly: { asset: 'USDC' } });
    expect(effects[1]).toMatchObject({ level: 'low', estimatedChange: 'risk premium 10.84\u00a0% → 15\u00a0%', simulated: true });
    expect(effects[1]).not.toHaveProperty('usd');
    expect(effects[1]!.summary).toContain('Its cost in dollars is not stated: the drawn rate of DAI was not read.');
  });
});

describe('a v4 collateral risk change where the dollars cannot be priced', () => {
  it('states the premium’s share alone, from the next refresh, without a drawn rate', async () => {
    const { drawnRate: _, ...unrated } = USDC;
    const effects = await effectsOf(positionsOf([WETH, WSTETH, unrated]), 'wstETH', 2_000);
    expect(effects).toEqual([
      {
        level: 'low',
        summary:
          'The risk premium of your Aave v4 Ethereum Main Spoke borrow would move from 10.84\u00a0% to 15\u00a0% of the drawn rate, from the spoke’s next refresh of your premium (your next borrow, collateral withdrawal or collateral switch, a liquidation or a premium update; a supply or a repay keeps the premium last set). Its cost in dollars is not stated: the drawn rate of USDC was not read.',
        estimatedChange: 'risk premium 10.84\u00a0% → 15\u00a0%',
        assets: ['wstETH'],
        simulated: true,
      },
    ]);
  });

  it('says the debts were not read where an account lists none of them (inputs from before the debts were listed)', async () => {
    const positions = positionsOf([WETH, WSTETH, USDC]).map(({ position, inputs }) => ({ position, inputs: { ...inputs, aaveV4: { ...inputs.aaveV4!, borrows: undefined } } }));
    const effects = await effectsOf(positions, 'wstETH', 2_000);
    expect(effects).toHaveLength(1);
    expect(effects[0]!.summary).toContain('Its cost in dollars is not stated: its debts were not read.');
  });

  it('says the premium stays, with no money, when the changed collateral does not cover the debt', async () => {
    // $5,000 owed is covered by wstETH alone (10 %): WETH's risk does not enter the premium.
    const effects = await effectsOf(positionsOf([WETH, WSTETH, { ...USDC, drawnUsd: 5_000 }]), 'WETH', 3_000);
    expect(effects).toEqual([{ level: 'none', summary: 'The risk premium of your Aave v4 Ethereum Main Spoke borrow stays at 10\u00a0% of the drawn rate.', assets: ['WETH'], simulated: true }]);
  });
});

describe('the what-if command on a v4 collateral risk change', () => {
  it('gives the README’s example the figure the README states: $19.97 a year more', async () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const example = readme.split('A `v4CollateralRisk` change')[1]!.split('```json')[1]!.split('```')[0]!;
    const result = await runWhatIf(JSON.parse(example));
    expect(result.impact).toMatchObject({ analysisStatus: 'simulated', estimatedImpactUsd: -19.97, estimatedChange: 'about $20 a year more (4.43\u00a0% → 4.6\u00a0%)' });
    expect(result.changes).toEqual([{ asset: 'wstETH', parameter: 'v4CollateralRisk', to: 0.2, verified: true, verdict: 'matches_chain', accountValue: 0.1 }]);
    expect(readme).toContain('the premium 10.84 % → 15 %, the borrow 4.43 % → 4.6 %:\n$19.97 a year more.');
  });
});
