import type { RateModel } from '../../domain/position.js';

/** A reserve's curve as DefaultReserveInterestRateStrategyV2.getInterestRateDataBps answers it (v3.4+), in bps. */
export interface RateCurveBps {
  optimalUsageRatio: number;
  baseVariableBorrowRate: number;
  variableRateSlope1: number;
  variableRateSlope2: number;
}

/** A v3.0 strategy's curve as its four getters answer it, in ray (1e27 = 100 %). */
export interface RateCurveRay {
  optimalUsageRatio: bigint;
  baseVariableBorrowRate: bigint;
  variableRateSlope1: bigint;
  variableRateSlope2: bigint;
}

/**
 * What a reserve's rate model is made of, as round two reads it. The cash the strategy divides by
 * is Pool.getVirtualUnderlyingBalance from v3.1 (the liquidity the pool accounts for) and the
 * underlying's balanceOf(aToken) on v3.0.
 */
export type RateInputs = {
  /**
   * The variable debt token's supply: the reserve's whole debt from v3.2, and the only debt
   * sparklend-advanced's VariableBorrowInterestRateStrategy prices (stable borrowing is off on its pool).
   */
  totalVariableDebt: bigint;
  curve: RateCurveBps | RateCurveRay;
  /** bps */
  reserveFactor: number;
} & ({ virtualUnderlyingBalance: bigint } | { aTokenCash: bigint });

const BPS = 10_000;

/**
 * The borrow usage ratio as the strategies take it (aave-v3-origin v3.6
 * DefaultReserveInterestRateStrategyV2.calculateInterestRates; v3.0 DefaultReserveInterestRateStrategy
 * and sparklend-advanced VariableBorrowInterestRateStrategy alike): total debt over available
 * liquidity plus total debt, zero without debt. The stored rates were set at the reserve's last
 * update, with the debt of then; the debt token's supply has accrued interest since, so this is the
 * ratio the next update will price from. Pure.
 */
export function utilizationOf(totalDebt: bigint, availableLiquidity: bigint): number {
  if (totalDebt === 0n) return 0;
  // 18 digits kept in integers first, as the contract's rayDiv keeps 27.
  return Number((totalDebt * 10n ** 18n) / (availableLiquidity + totalDebt)) / 1e18;
}


/**
 * A curve's ray as a fraction, keeping 18 digits before the one division: sparklend-advanced's rate-target
 * slopes carry them (slope1 0.02309056441413821 from a rate source), which rayToApr's nine would cut. Pure.
 */
const rayFraction = (ray: bigint): number => Number(ray / 10n ** 9n) / 1e18;

const isRay = (curve: RateCurveBps | RateCurveRay): curve is RateCurveRay => typeof curve.optimalUsageRatio === 'bigint';

/**
 * The reserve's rate model: its utilization, its borrow curve and its reserve factor as fractions.
 * The pool sets the supply rate from the borrow rate (borrow × usage × (1 − reserveFactor); the usage
 * there also counts the reserve's deficit or unbacked supply, which is not read), so there is no
 * supply curve. Pure.
 */
export function rateModelOf(inputs: RateInputs): RateModel {
  const { totalVariableDebt, curve, reserveFactor } = inputs;
  const cash = 'virtualUnderlyingBalance' in inputs ? inputs.virtualUnderlyingBalance : inputs.aTokenCash;
  return {
    utilization: utilizationOf(totalVariableDebt, cash),
    borrow: isRay(curve)
      ? { kink: rayFraction(curve.optimalUsageRatio), base: rayFraction(curve.baseVariableBorrowRate), slopeLow: rayFraction(curve.variableRateSlope1), slopeHigh: rayFraction(curve.variableRateSlope2) }
      : { kink: curve.optimalUsageRatio / BPS, base: curve.baseVariableBorrowRate / BPS, slopeLow: curve.variableRateSlope1 / BPS, slopeHigh: curve.variableRateSlope2 / BPS },
    reserveFactor: reserveFactor / BPS,
  };
}
