import { describe, expect, it } from 'vitest';
import type { LendingAccount } from '../../shared/domain/position.js';
import { combinedHealthFactor } from '../../shared/simulate/combinedHealthFactor.js';
import { lendingEffects } from '../../shared/simulate/lendingEffects.js';
import { change } from './fixtures.js';

// The demo Aave account: WETH $37,800 at LT 83 %, USDC $20,000 at 78 %, $33,080 of debt, HF 1.42 as reported.
const aave: LendingAccount = {
  market: 'aave-v3-ethereum',
  healthFactor: 1.42,
  debtUsd: 33_080,
  collateral: [
    { asset: 'WETH', valueUsd: 37_800, liquidationThreshold: 8300 },
    { asset: 'USDC', valueUsd: 20_000, liquidationThreshold: 7800 },
  ],
};
const spark: LendingAccount = { market: 'sparklend-ethereum', healthFactor: 1.539, debtUsd: 8_800, collateral: [{ asset: 'WETH', valueUsd: 15_750, liquidationThreshold: 8600 }] };
const lt = (asset: string, to: number, market = 'aave-v3-ethereum') => change({ market, asset, parameter: 'liquidationThreshold', to });

describe('the health factor if every open proposal passes', () => {
  it('applies every proposal’s changes to an account at once, as the simulator applies one proposal’s', () => {
    const [combined] = combinedHealthFactor({
      entries: [
        { account: aave, changes: [lt('USDC', 0)], proposal: 'offboard-usdc', takesEffect: '2026-12-01T09:00:00Z' },
        { account: aave, changes: [lt('WETH', 7800)], proposal: 'weth-lt', takesEffect: '2027-01-13T12:00:00Z' },
      ],
    });
    // 1.42 − 20,000 × 7,800 / 330,800,000 − 37,800 × 500 / 330,800,000 = 1.42 − 0.4715840 − 0.0571342 = 0.8912818
    // (from scratch: 37,800 × 0.78 / 33,080 = 0.8913; the reported 1.42 is rounded).
    expect(combined!.healthFactorAfter).toBeCloseTo(0.891282, 6);
    expect(combined!.healthFactorBefore).toBe(1.42);
    // The same as one proposal making both changes, through the simulator's lending effects.
    expect(combined!.healthFactorAfter).toBe(lendingEffects(aave, [lt('WETH', 7800), lt('USDC', 0)])[0]!.healthFactor!.after);
  });

  it('lets the proposal taking effect last decide a parameter two proposals set', () => {
    const entries = (first: string, second: string) => [
      { account: aave, changes: [lt('WETH', 8000)], proposal: 'to-80', takesEffect: first },
      { account: aave, changes: [lt('WETH', 7800)], proposal: 'to-78', takesEffect: second },
    ];
    // 78 % last: 1.42 − 37,800 × 500 / 330,800,000 = 1.3628658; 80 % last: 1.42 − 37,800 × 300 / 330,800,000 = 1.3857195.
    const [later78] = combinedHealthFactor({ entries: entries('2026-12-01T00:00:00Z', '2026-12-10T00:00:00Z') });
    expect(later78!.healthFactorAfter).toBeCloseTo(1.362866, 6);
    expect(later78!.proposals).toEqual(['to-78', 'to-80']);
    const [later80] = combinedHealthFactor({ entries: entries('2026-12-10T00:00:00Z', '2026-12-01T00:00:00Z') });
    expect(later80!.healthFactorAfter).toBeCloseTo(1.385719, 6);
  });

  it('keeps each account apart, and leaves out an account with no debt', () => {
    const result = combinedHealthFactor({
      entries: [
        { account: aave, changes: [lt('USDC', 0)], proposal: 'a' },
        { account: spark, changes: [lt('WETH', 8300, 'sparklend-ethereum')], proposal: 'b' },
        { account: { ...spark, market: 'empty', debtUsd: 0, healthFactor: undefined }, changes: [lt('WETH', 8300, 'empty')], proposal: 'c' },
      ],
    });
    expect(result.map((entry) => entry.account.market)).toEqual(['aave-v3-ethereum', 'sparklend-ethereum']);
    // Spark: 1.539 − 15,750 × 300 / 88,000,000 = 1.485307.
    expect(result[1]!.healthFactorAfter).toBeCloseTo(1.485307, 6);
  });
});
