import { describe, expect, it } from 'vitest';
import type { RateModel } from '../../shared/domain/position.js';
import { cometRateInputs, curveFromYearly } from '../../shared/modules/compound/cometCurve.js';
import { modelRate, rateOnCurve } from '../../shared/simulate/rateAfter.js';
import { simulateProposal, simulateProposalInDetail } from '../support/simulator.js';
import { change, exposure, proposal } from './fixtures.js';

// An Aave reserve at 80 % utilization, kink 90 %, base 0, slopes 4 % and 60 %, reserve factor 10 %:
// borrow = 0.04 × 0.8 / 0.9 = 0.035556; supply = 0.035556 × 0.8 × (1 − 0.1) = 0.0256.
const aaveModel: RateModel = { utilization: 0.8, borrow: { kink: 0.9, base: 0, slopeLow: 0.04, slopeHigh: 0.6 }, reserveFactor: 0.1 };
const market = 'aave-v3-ethereum';
const supplier = exposure('aave', 'USDC', 100_000, { market, role: 'supply', apr: modelRate(aaveModel, 'supply'), reserveFactor: 1000, rateModel: aaveModel });
const borrower = exposure('aave', 'USDC', 50_000, { market, role: 'borrow', apr: modelRate(aaveModel, 'borrow'), reserveFactor: 1000, rateModel: aaveModel });

describe('lending rates from the market’s rate model', () => {
  it('reproduces the curve on both sides of the kink', () => {
    expect(rateOnCurve(aaveModel.borrow, 0.8)).toBeCloseTo(0.035556, 6);
    // above: 0 + 0.04 + 0.6 × (0.95 − 0.9) / 0.1 = 0.34
    expect(rateOnCurve(aaveModel.borrow, 0.95)).toBeCloseTo(0.34, 12);
    expect(modelRate(aaveModel, 'supply')).toBeCloseTo(0.0256, 12);
  });

  it('moves supplier and borrower by a slope change at today’s utilization', () => {
    // slope1 4 % → 5 %: borrow 0.05 × 0.8 / 0.9 = 0.044444 (+0.008889); supply 0.044444 × 0.72 = 0.032 (+0.0064)
    const slope = change({ asset: 'USDC', parameter: 'slope1', from: 0.04, to: 0.05, unit: 'fraction' });
    expect(simulateProposal(proposal([slope]), [supplier])).toMatchObject({ estimatedImpactUsd: 640, level: 'low', analysisStatus: 'simulated' });
    // −50,000 × 0.008889 = −$444.44: medium ($100 or more)
    expect(simulateProposal(proposal([slope]), [borrower])).toMatchObject({ estimatedImpactUsd: -444.44, level: 'medium' });
  });

  it('applies a slope and a reserve factor change together', () => {
    // supply = 0.044444 × 0.8 × (1 − 0.2) = 0.028444: +0.002844 × 100,000 = $284.44
    const changes = [change({ asset: 'USDC', parameter: 'slope1', to: 0.05, unit: 'fraction' }), change({ asset: 'USDC', parameter: 'reserveFactor', from: 1000, to: 2000 })];
    const impact = simulateProposal(proposal(changes), [supplier]);
    expect(impact?.estimatedImpactUsd).toBeCloseTo(284.44, 2);
    expect(impact?.summary).not.toContain('more change');
  });

  it('moves only Comet’s curve of the change’s side, in Comet’s form (slopes per unit of utilization)', () => {
    const curves = { borrow: curveFromYearly({ kink: 0.9, base: 0.015, slopeLow: 0.05, slopeHigh: 3 })!, supply: curveFromYearly({ kink: 0.9, base: 0, slopeLow: 0.04, slopeHigh: 3 })! };
    const cometRates = cometRateInputs(curves, 5n * 10n ** 17n);
    const base = { market: 'comet-usdc', cometRates } as const;
    const lender = exposure('compound', 'USDC', 10_000, { ...base, role: 'supply', apr: 0.02 });
    const debtor = exposure('compound', 'USDC', 10_000, { ...base, role: 'borrow', apr: 0.04 });
    const supplySlope = change({ protocol: 'compound', market: 'comet-usdc', parameter: 'interestRateSlopeLow', side: 'supply', to: 0.03, unit: 'fraction' });
    // supply 0.04 × 0.5 = 0.02 → 0.03 × 0.5 = 0.015 (not 0.03 × 0.5 / 0.9): −0.005 × 10,000 = −$50
    const detail = simulateProposalInDetail(proposal([supplySlope], { protocol: 'compound' }), [lender, debtor])!;
    expect(detail.impact.estimatedImpactUsd).toBeCloseTo(-50, 2);
    expect(detail.effects).toHaveLength(1);
  });

  it('prices a table’s shared slope name on a Comet market in Comet’s form too', () => {
    const curves = { borrow: curveFromYearly({ kink: 0.8, base: 0.015, slopeLow: 0.035, slopeHigh: 0.25 })!, supply: curveFromYearly({ kink: 0.8, base: 0, slopeLow: 0.0325, slopeHigh: 0.4 })! };
    const debtor = exposure('compound', 'USDC', 10_000, { market: 'comet-usdc', cometRates: cometRateInputs(curves, 9n * 10n ** 17n), role: 'borrow', apr: 0.068 });
    const slope2 = change({ protocol: 'compound', market: 'comet-usdc', parameter: 'slope2', side: 'borrow', to: 0.35, unit: 'fraction' });
    // 0.068 → 0.078, not the lending pools' 0.118.
    const yearly = simulateProposalInDetail(proposal([slope2], { protocol: 'compound' }), [debtor])!.effects[0]!.yearly!;
    expect(yearly.aprAfter).toBeCloseTo(0.078, 6);
  });
});

describe('fees on rewards', () => {
  const modules = [
    { id: 1, share: 0.9, moduleFee: 0.05, treasuryFee: 0.05 },
    { id: 2, share: 0.1, moduleFee: 0.02, treasuryFee: 0.08 },
  ];
  // total fee = 0.9 × 0.10 + 0.1 × 0.10 = 0.10
  const holder = exposure('lido', 'stETH', 30_000, { role: 'stake', apr: 0.027, rewardFee: 0.1, stakingModules: modules });

  it('moves nothing when a module’s fee is reshuffled between operators and treasury', () => {
    const reshuffle = [
      change({ protocol: 'lido', market: 'staking module 1', parameter: 'moduleFee', from: 0.05, to: 0.04, unit: 'fraction' }),
      change({ protocol: 'lido', market: 'staking module 1', parameter: 'treasuryFee', from: 0.05, to: 0.06, unit: 'fraction' }),
    ];
    const impact = simulateProposal(proposal(reshuffle, { protocol: 'lido' }), [holder]);
    expect(impact).toMatchObject({ level: 'none', analysisStatus: 'simulated' });
    expect(impact?.estimatedImpactUsd).toBeUndefined();
  });

  it('weighs a module’s fee cut by its share of stake', () => {
    // total fee 0.9 × 0.08 + 0.1 × 0.10 = 0.082; APR 0.027 × 0.918 / 0.9 = 0.02754: +0.00054 × 30,000 = $16.20
    const cut = change({ protocol: 'lido', market: 'staking module 1', parameter: 'moduleFee', to: 0.03, unit: 'fraction' });
    expect(simulateProposal(proposal([cut], { protocol: 'lido' }), [holder])).toMatchObject({ estimatedImpactUsd: 16.2, level: 'low' });
  });

  it('counts a delegator’s validator commission: community tax 10 % → 25 %', () => {
    // Net APR 0.15 (after tax and commission): 0.15 / 0.9 × 0.75 = 0.125; −0.025 × 10,000 = −$250: medium
    const delegator = exposure('cosmoshub', 'ATOM', 10_000, {
      role: 'delegation',
      apr: 0.15,
      rewardFee: 0.1,
      delegation: { validators: [{ validator: 'A', share: 0.6, commission: 0.05 }, { validator: 'B', share: 0.4, commission: 0.1 }] },
    });
    const tax = change({ protocol: 'cosmoshub', market: undefined, asset: 'ATOM', parameter: 'communityTax', from: 0.1, to: 0.25, unit: 'fraction' });
    expect(simulateProposal(proposal([tax], { protocol: 'cosmoshub' }), [delegator])).toMatchObject({ estimatedImpactUsd: -250, level: 'medium' });

    // A minimum commission of 7 % raises only A's: kept (0.6 × 0.93 + 0.4 × 0.90) / (0.6 × 0.95 + 0.4 × 0.90) = 0.918 / 0.93
    // APR 0.15 × 0.918 / 0.93 = 0.148065: −0.001935 × 10,000 = −$19.35
    const floor = change({ protocol: 'cosmoshub', market: undefined, parameter: 'minCommission', to: 0.07, unit: 'fraction' });
    expect(simulateProposal(proposal([floor], { protocol: 'cosmoshub' }), [delegator])?.estimatedImpactUsd).toBeCloseTo(-19.35, 2);
  });

  it('moves a delegator only when inflation falls outside its new bounds', () => {
    const delegator = exposure('cosmoshub', 'ATOM', 10_000, { role: 'delegation', apr: 0.15, rewardFee: 0.1, delegation: { validators: [], inflation: 0.1, inflationMin: 0.07, inflationMax: 0.2 } });
    // max 20 % → 8 %: inflation 10 % held at 8 %: APR × 0.8 = 0.12: −$300
    const max = change({ protocol: 'cosmoshub', market: undefined, parameter: 'inflationMax', to: 0.08, unit: 'fraction' });
    expect(simulateProposal(proposal([max], { protocol: 'cosmoshub' }), [delegator])?.estimatedImpactUsd).toBe(-300);
    // min 7 % → 9 %: today's 10 % is inside: nothing moves
    const min = change({ protocol: 'cosmoshub', market: undefined, parameter: 'inflationMin', to: 0.09, unit: 'fraction' });
    expect(simulateProposal(proposal([min], { protocol: 'cosmoshub' }), [delegator])).toMatchObject({ level: 'none', analysisStatus: 'simulated' });
  });
});

describe('MEV tip routing', () => {
  const holder = (mev?: { share: number; fee: number }) => exposure('jito', 'JitoSOL', 18_000, { role: 'stake', apr: 0.08, rewardFee: 0.04, ...(mev && { mev }) });
  const tipFee = change({ protocol: 'jito', market: undefined, asset: 'JitoSOL', parameter: 'mevFee', to: 0.06, unit: 'fraction' });

  it('moves only the MEV part of the rewards: a 3 % → 6 % fee on tips, with 25 % of rewards from MEV', () => {
    // APR 0.08 × (0.75 + 0.25 × 0.94 / 0.97) = 0.08 × 0.992268 = 0.0793814: −0.0006186 × 18,000 = −$11.13
    expect(simulateProposal(proposal([tipFee], { protocol: 'jito' }), [holder({ share: 0.25, fee: 0.03 })])?.estimatedImpactUsd).toBeCloseTo(-11.13, 2);
  });

  it('is matched but not quantified when the MEV share of the rewards was not read', () => {
    expect(simulateProposal(proposal([tipFee], { protocol: 'jito' }), [holder()])).toMatchObject({ analysisStatus: 'awaiting_analysis', level: 'low' });
  });
});

describe('a fee that left holders almost nothing', () => {
  // With holders keeping under MIN_KEPT of rewards, net × (1 − f′)/(1 − f) divides a rate read to
  // ~1e-15 by (1 − f): the result is rounding noise, so the change is matched but not quantified.
  const nearlyAll = 1 - 1e-10;
  const cases = [
    ['a generic reward fee (jito epoch fee)', exposure('jito', 'JitoSOL', 18_000, { role: 'stake', apr: 0.08, rewardFee: nearlyAll }), change({ protocol: 'jito', market: undefined, asset: 'JitoSOL', parameter: 'rewardFee', to: 0.05, unit: 'fraction' })],
    ['the Cosmos Hub community tax', exposure('cosmoshub', 'ATOM', 10_000, { role: 'delegation', apr: 0.15, rewardFee: nearlyAll, delegation: { validators: [], inflation: 0.1, inflationMin: 0.07, inflationMax: 0.2 } }), change({ protocol: 'cosmoshub', market: undefined, parameter: 'communityTax', to: 0.05, unit: 'fraction' })],
    ['the MEV tip fee', exposure('jito', 'JitoSOL', 18_000, { role: 'stake', apr: 0.08, rewardFee: 0.04, mev: { share: 0.25, fee: nearlyAll } }), change({ protocol: 'jito', market: undefined, asset: 'JitoSOL', parameter: 'mevFee', to: 0.06, unit: 'fraction' })],
  ] as const;

  it.each(cases)('%s: no figure, never a rate blown up by rounding', (_name, holder, fee) => {
    const impact = simulateProposal(proposal([fee], { protocol: holder.position.protocol }), [holder]);
    expect(impact?.estimatedImpactUsd).toBeUndefined();
  });
});
