import { maxUint256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { applyToCollateral, jointHealthFactor } from '../../shared/simulate/lendingEffects.js';
import { accountOf, applyMoves, changesOf, evaluate, type Flavor, type Move, ORACLE_MARKETS, type PoolState, type ReserveState } from './support/lendingPoolStates.js';
import { oracle } from './support/oracleChain.js';

/*
 * Vectors: an eMode member whose own liquidation threshold is 0 (and so its own LTV, which the
 * configurator keeps at or under it), against the pools' own GenericLogic.calculateUserAccountData
 * (SparkLend's base, aave core-v3 1.19.3; aave-v3-origin 3.6.0, and 3.7.0 where its sources were
 * extracted). SparkLend (and Aave up to 3.5)
 * reads a reserve only `if (liquidationThreshold != 0 && isUsingAsCollateral)`, before any eMode
 * value replaces the reserve's: such a member is no collateral at all, in eMode too. 3.6 dropped
 * that gate: a member counts at the category's LT and LTV whatever its own. Before the fix our
 * simulator counted the member at the category's LT on both pools (the SparkLend figures each
 * vector's comment gives as "ours before").
 *
 * What the configurator allows around this (the same two packages): PoolConfigurator refuses an LT of
 * 0 while the reserve has suppliers (configureReserveAsCollateral → _checkNoSuppliers), and
 * validateUseAsCollateral refuses to enable a collateral whose LTV is 0. So a payload cutting a held
 * reserve's LT to 0 reverts on a live pool, and a held member at LT 0 is rare; these vectors prove
 * the pools' arithmetic for such states, which is what the simulator computes.
 *
 * One SYNTHETIC account: R0, an eMode member, $10,000 supplied as collateral; R1, outside the
 * category, LT 80 % and LTV 75 %, $5,000 as collateral; R2, $8,000 borrowed. The category: LT 95 %,
 * LTV 90 %. Prices $1, 6 decimals, indexes 1 (RAY), so the base-currency figures are exact.
 */

const RAY = 10n ** 27n;
const CATEGORY = 1;

const reserve = (fields: Partial<ReserveState> & Pick<ReserveState, 'ltv' | 'liquidationThreshold'>): ReserveState => ({
  decimals: 6,
  eModeCategory: 0,
  price: 10n ** 8n,
  scaledSupply: 0n,
  scaledDebt: 0n,
  liquidityIndex: RAY,
  variableBorrowIndex: RAY,
  collateral: false,
  borrowed: false,
  ...fields,
});

/** The account with R0's own LTV and LT, and whether R0 is in the category. */
function account(flavor: Flavor, r0: { ltv: number; liquidationThreshold: number; member: boolean }): PoolState {
  return {
    reserves: [
      reserve({ ...r0, eModeCategory: flavor === 'sparklend' && r0.member ? CATEGORY : 0, scaledSupply: 10_000n * 10n ** 6n, collateral: true }),
      reserve({ ltv: 7_500, liquidationThreshold: 8_000, scaledSupply: 5_000n * 10n ** 6n, collateral: true }),
      reserve({ ltv: 7_500, liquidationThreshold: 8_000, scaledDebt: 8_000n * 10n ** 6n, borrowed: true }),
    ],
    eMode: { id: CATEGORY, ltv: 9_000, liquidationThreshold: 9_500, collateralBitmap: r0.member ? 1n : 0n, ltvzeroBitmap: 0n, isolated: false },
  };
}

interface Vector {
  name: string;
  r0: { ltv: number; liquidationThreshold: number; member: boolean };
  moves: Move[];
  /** The pool's health factor and borrowing power (USD) before and after, worked by hand from GenericLogic; the test checks the pool gives them too. */
  pool: Record<Flavor, { hf: [number, number]; borrowingPower: [number, number] }>;
}

const VECTORS: Vector[] = [
  {
    // Ours before the fix, SparkLend: HF stayed at 1.6875.
    name: 'a member’s own LT and LTV cut to 0',
    r0: { ltv: 7_000, liquidationThreshold: 8_000, member: true },
    moves: [
      { kind: 'ltv', index: 0, to: 0 },
      { kind: 'liquidationThreshold', index: 0, to: 0 },
    ],
    pool: {
      sparklend: { hf: [1.6875, 0.5], borrowingPower: [12_750, 3_750] },
      'aave-v3.6': { hf: [1.6875, 1.6875], borrowingPower: [12_750, 12_750] },
      'aave-v3.7': { hf: [1.6875, 1.6875], borrowingPower: [12_750, 12_750] },
    },
  },
  {
    // Ours before the fix, SparkLend: HF 0.5 → 0.4625.
    name: 'the category’s LT cut with a member whose own LT and LTV are 0',
    r0: { ltv: 0, liquidationThreshold: 0, member: true },
    moves: [{ kind: 'eModeLiquidationThreshold', to: 9_200 }],
    pool: {
      sparklend: { hf: [0.5, 0.5], borrowingPower: [3_750, 3_750] },
      'aave-v3.6': { hf: [1.6875, 1.65], borrowingPower: [12_750, 12_750] },
      'aave-v3.7': { hf: [1.6875, 1.65], borrowingPower: [12_750, 12_750] },
    },
  },
  {
    // Ours before the fix, SparkLend: HF 0.5 → −0.6875, borrowing power unchanged (right).
    name: 'a member whose own LT and LTV are 0 taken out of the category',
    r0: { ltv: 0, liquidationThreshold: 0, member: true },
    moves: [{ kind: 'eModeCollateral', index: 0, enabled: false }],
    pool: {
      sparklend: { hf: [0.5, 0.5], borrowingPower: [3_750, 3_750] },
      'aave-v3.6': { hf: [1.6875, 0.5], borrowingPower: [12_750, 3_750] },
      'aave-v3.7': { hf: [1.6875, 0.5], borrowingPower: [12_750, 3_750] },
    },
  },
  {
    // Ours before the fix, SparkLend: HF 0.5 → 1.6875.
    name: 'a reserve whose own LT and LTV are 0 made a member of the category',
    r0: { ltv: 0, liquidationThreshold: 0, member: false },
    moves: [{ kind: 'eModeCollateral', index: 0, enabled: true }],
    pool: {
      sparklend: { hf: [0.5, 0.5], borrowingPower: [3_750, 3_750] },
      'aave-v3.6': { hf: [0.5, 1.6875], borrowingPower: [3_750, 12_750] },
      'aave-v3.7': { hf: [0.5, 1.6875], borrowingPower: [3_750, 12_750] },
    },
  },
  {
    // Ours before the fix, SparkLend: HF 0.5 → 0.4625 and borrowing power 3,750 → 3,750 (the LTV was right, the LT was not).
    name: 'the category’s LT and LTV cut together, with a member whose own LT and LTV are 0',
    r0: { ltv: 0, liquidationThreshold: 0, member: true },
    moves: [
      { kind: 'eModeLtv', to: 8_700 },
      { kind: 'eModeLiquidationThreshold', to: 9_200 },
    ],
    pool: {
      sparklend: { hf: [0.5, 0.5], borrowingPower: [3_750, 3_750] },
      'aave-v3.6': { hf: [1.6875, 1.65], borrowingPower: [12_750, 12_450] },
      'aave-v3.7': { hf: [1.6875, 1.65], borrowingPower: [12_750, 12_450] },
    },
  },
];

describe.each(Object.keys(ORACLE_MARKETS) as Flavor[])('%s: an eMode member whose own LT is 0, against the pool', (flavor) => {
  const { harness, market } = ORACLE_MARKETS[flavor];

  it.each(VECTORS)('$name', async ({ r0, moves, pool: expected }) => {
    const chain = oracle(harness);
    if (!chain) return;
    const before = account(flavor, r0);
    const { state: after, moves: kept } = applyMoves(flavor, before, moves);
    expect(kept).toEqual(moves);
    const evaluation = await evaluate(chain, before, after);
    const hfOf = (value: bigint) => (value === maxUint256 ? Number.POSITIVE_INFINITY : Number(value) / 1e18);
    const powerOf = (data: typeof evaluation.before) => (Number(data.totalCollateralBase) * Number(data.avgLtv)) / 1e8 / 10_000;
    // The pool gives the figures worked by hand.
    expect({ hf: [hfOf(evaluation.before.healthFactor), hfOf(evaluation.after.healthFactor)], borrowingPower: [powerOf(evaluation.before), powerOf(evaluation.after)] }).toEqual(expected[flavor]);

    const ours = accountOf(flavor, before, evaluation)!;
    const changes = changesOf(market.market, kept, CATEGORY);
    expect(jointHealthFactor(ours, changes)).toBeCloseTo(expected[flavor].hf[1], 9);
    const applied = applyToCollateral(ours, changes);
    const power = (side: 'before' | 'after') => applied.reduce((sum, entry) => sum + (entry.collateral.valueUsd * entry[side].ltv!) / 10_000, 0);
    expect([power('before'), power('after')]).toEqual(expected[flavor].borrowingPower);
  });
});
