import { describe, expect, it } from 'vitest';
import type { LendingAccount } from '../../shared/domain/position.js';
import { jointHealthFactor } from '../../shared/simulate/lendingEffects.js';
import { DOMINANT_SHARE, SAFE_HEALTH_FACTOR, safetyActions } from '../../shared/simulate/safetyActions.js';
import { simulateProposalInDetail } from '../support/simulator.js';
import { change, lendingPositions, proposal } from './fixtures.js';

// The demo Aave account: 12 WETH at $3,150 (LT 83 %) and 20,000 USDC (LT 78 %) against $33,080 of debt;
// the chain reports HF 1.42 ((37,800 × 0.83 + 20,000 × 0.78) / 33,080 = 1.42001).
const demo: LendingAccount = {
  market: 'aave-v3-ethereum',
  healthFactor: 1.42,
  debtUsd: 33_080,
  collateral: [
    { asset: 'WETH', valueUsd: 37_800, liquidationThreshold: 8300, ltv: 8050 },
    { asset: 'USDC', valueUsd: 20_000, liquidationThreshold: 7800, ltv: 7500 },
  ],
};
const offboardUsdc = [change({ asset: 'USDC', parameter: 'liquidationThreshold', from: 7800, to: 0 })];
const WETH_PRICE = 3_150;

/** The account as the chain would report it after a repay, an added collateral or a price move: its HF moves from the reported one. */
const withDebt = (account: LendingAccount, debtUsd: number): LendingAccount => ({ ...account, debtUsd, healthFactor: (account.healthFactor! * account.debtUsd) / debtUsd });
const withCollateral = (account: LendingAccount, asset: string, addUsd: number): LendingAccount => {
  const entry = account.collateral.find((collateral) => collateral.asset === asset)!;
  return {
    ...account,
    healthFactor: account.healthFactor! + (addUsd * entry.liquidationThreshold) / 10_000 / account.debtUsd,
    collateral: account.collateral.map((collateral) => (collateral === entry ? { ...collateral, valueUsd: collateral.valueUsd + addUsd } : collateral)),
  };
};

describe('what a holder can do about an account a proposal moves', () => {
  it('starts from the simulator’s own after-state: the health factor its effect reports for the proposal', () => {
    const simulation = simulateProposalInDetail(proposal(offboardUsdc), lendingPositions(demo, 'USDT'))!;
    const reached = simulation.accounts;
    expect(reached).toHaveLength(1);
    const actions = safetyActions({ ...reached[0]!, prices: { WETH: WETH_PRICE } })!;
    const effect = simulation.effects.find((entry) => entry.healthFactor)!;
    expect(actions.healthFactorAfter).toBe(effect.healthFactor!.after);
    // HF′ = 1.42 − 20,000 × 7,800 / (10,000 × 33,080) = 1.42 − 0.4715840 = 0.9484160.
    expect(actions.healthFactorAfter).toBeCloseTo(0.948416, 6);
  });

  it('prices the repay that brings the health factor back to 1.1: R = D·(1 − HF′/1.1)', () => {
    const actions = safetyActions({ account: demo, changes: offboardUsdc })!;
    // R = 33,080 × (1 − 0.9484160 / 1.1) = 33,080 × 0.1378037 = 4,558.55.
    expect(actions.repayUsd).toBeCloseTo(4_558.55, 1);
    // The simulator, from the account as the chain would report it after that repay, lands on 1.1.
    expect(jointHealthFactor(withDebt(demo, demo.debtUsd - actions.repayUsd!), offboardUsdc)).toBeCloseTo(SAFE_HEALTH_FACTOR, 9);
  });

  it('prices the collateral to add at the highest liquidation threshold left after the proposal, and names it', () => {
    const actions = safetyActions({ account: demo, changes: offboardUsdc })!;
    // USDC counts 0 after the proposal, WETH 83 %: Y = 33,080 × (1.1 − 0.9484160) / 0.83 = 5,014.40 / 0.83 = 6,041.45.
    expect(actions.addCollateral).toEqual({ asset: 'WETH', usd: expect.closeTo(6_041.45, 1), liquidationThreshold: 8300 });
    expect(jointHealthFactor(withCollateral(demo, 'WETH', actions.addCollateral!.usd), offboardUsdc)).toBeCloseTo(SAFE_HEALTH_FACTOR, 9);
  });

  it('states the price of a dominant collateral that brings the account to 1.0, above today’s when it is already liquidatable', () => {
    const actions = safetyActions({ account: demo, changes: offboardUsdc, prices: { WETH: WETH_PRICE } })!;
    // WETH carries all of Σ C·LT′ (31,374 of 31,374). k = 1 − (0.9484160 − 1) × 33,080 / 31,374 = 1.054389; × $3,150 = $3,321.33.
    expect(actions.liquidation).toEqual({ asset: 'WETH', share: 1, priceFactor: expect.closeTo(1.054389, 5), currentPrice: WETH_PRICE, price: expect.closeTo(3_321.33, 1) });
    // At that price the simulator puts the account at exactly 1.0.
    const k = actions.liquidation!.priceFactor;
    expect(jointHealthFactor(withCollateral(demo, 'WETH', 37_800 * (k - 1)), offboardUsdc)).toBeCloseTo(1, 9);
  });

  it('asks for nothing when the account stays above 1.1, and still says where liquidation starts', () => {
    // The SparkLend demo account: 5 WETH ($15,750) against $8,800, LT 86 % → 83 %.
    const spark: LendingAccount = { market: 'sparklend-ethereum', healthFactor: 1.539, debtUsd: 8_800, collateral: [{ asset: 'WETH', valueUsd: 15_750, liquidationThreshold: 8600, ltv: 8500 }] };
    const actions = safetyActions({ account: spark, changes: [change({ market: 'sparklend-ethereum', asset: 'WETH', parameter: 'liquidationThreshold', from: 8600, to: 8300 })], prices: { WETH: WETH_PRICE } })!;
    // HF′ = 1.539 − 15,750 × 300 / (10,000 × 8,800) = 1.485307.
    expect(actions.healthFactorAfter).toBeCloseTo(1.485307, 6);
    expect(actions.repayUsd).toBeUndefined();
    expect(actions.addCollateral).toBeUndefined();
    // k = 1 − 0.485307 × 8,800 / (15,750 × 0.83 = 13,072.5) = 1 − 0.326694 = 0.673306; × $3,150 = $2,120.91.
    expect(actions.liquidation?.priceFactor).toBeCloseTo(0.673306, 5);
    expect(actions.liquidation?.price).toBeCloseTo(2_120.91, 1);
  });

  it('states no liquidation price when no collateral carries 80 % of what counts', () => {
    // WETH 30,000 × 0.80 = 24,000 and wstETH 20,000 × 0.81 = 16,200 after the cut: WETH is 59.7 %.
    const account: LendingAccount = {
      market: 'aave-v3-ethereum',
      healthFactor: 1.0275,
      debtUsd: 40_000,
      collateral: [
        { asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8300 },
        { asset: 'wstETH', valueUsd: 20_000, liquidationThreshold: 8100 },
      ],
    };
    const actions = safetyActions({ account, changes: [change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 8000 })] })!;
    expect(24_000 / 40_200).toBeLessThan(DOMINANT_SHARE);
    expect(actions.liquidation).toBeUndefined();
    // HF′ = 1.0275 − 30,000 × 300 / (10,000 × 40,000) = 1.005; R = 40,000 × (1 − 1.005 / 1.1) = 3,454.55;
    // wstETH now has the higher LT (81 % against 80 %): Y = 40,000 × 0.095 / 0.81 = 4,691.36.
    expect(actions.repayUsd).toBeCloseTo(3_454.55, 1);
    expect(actions.addCollateral).toEqual({ asset: 'wstETH', usd: expect.closeTo(4_691.36, 1), liquidationThreshold: 8100 });
  });

  it('states no liquidation price for a collateral the account also borrows (its price moves both sides)', () => {
    const actions = safetyActions({ account: demo, changes: offboardUsdc, prices: { WETH: WETH_PRICE }, borrowed: ['weth'] })!;
    expect(actions.liquidation).toBeUndefined();
  });

  it('suggests no collateral to add when nothing held counts after the proposal, only repaying', () => {
    const actions = safetyActions({ account: demo, changes: [...offboardUsdc, change({ asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 0 })] })!;
    expect(actions.addCollateral).toBeUndefined();
    // HF′ = 1.42 − 0.4715840 − 37,800 × 8,300 / 330,800,000 = 1.42 − 0.4715840 − 0.9484583 = −0.0000423 (the reported 1.42 is rounded): repay all of it.
    expect(actions.repayUsd).toBeCloseTo(33_080, -1);
    expect(actions.liquidation).toBeUndefined();
  });

  it('has nothing to say of an account without debt', () => {
    expect(safetyActions({ account: { ...demo, debtUsd: 0, healthFactor: undefined }, changes: offboardUsdc })).toBeUndefined();
  });
});
