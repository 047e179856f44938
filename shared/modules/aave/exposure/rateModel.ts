import type { RateModel } from '../../../domain/position.js';

/** A reserve's curve as DefaultReserveInterestRateStrategyV2.getInterestRateDataBps answers it, in bps. */
export interface AaveRateCurveBps {
  optimalUsageRatio: number;
  baseVariableBorrowRate: number;
  variableRateSlope1: number;
  variableRateSlope2: number;
}

/** What a reserve's rate model is made of, as round two reads it. */
export interface AaveRateInputs {
  /** The variable debt token's total supply: the reserve's whole debt (stable debt is gone since v3.2). */
  totalVariableDebt: bigint;
  /** Pool.getVirtualUnderlyingBalance: the liquidity the pool accounts for, not its token balance. */
  virtualUnderlyingBalance: bigint;
  curve: AaveRateCurveBps;
  /** bps */
  reserveFactor: number;
}

const BPS = 10_000;

/**
 * The borrow usage ratio as DefaultReserveInterestRateStrategyV2.calculateInterestRates takes it
 * (aave-v3-origin v3.6): total debt over virtual balance plus total debt, zero without debt. The
 * stored rates were set at the reserve's last update, with the debt of then; the debt token's supply
 * has accrued interest since, so this is the ratio the next update will price from. Pure.
 */
export function utilizationOf(totalDebt: bigint, virtualUnderlyingBalance: bigint): number {
  if (totalDebt === 0n) return 0;
  // 18 digits kept in integers first, as the contract's rayDiv keeps 27.
  return Number((totalDebt * 10n ** 18n) / (virtualUnderlyingBalance + totalDebt)) / 1e18;
}

/**
 * The reserve's rate model: its utilization, its borrow curve and its reserve factor as fractions.
 * Aave sets the supply rate from the borrow rate (borrow × usage × (1 − reserveFactor); the usage
 * there also counts the reserve's deficit, which is not read), so there is no supply curve. Pure.
 */
export function rateModelOf({ totalVariableDebt, virtualUnderlyingBalance, curve, reserveFactor }: AaveRateInputs): RateModel {
  return {
    utilization: utilizationOf(totalVariableDebt, virtualUnderlyingBalance),
    borrow: {
      kink: curve.optimalUsageRatio / BPS,
      base: curve.baseVariableBorrowRate / BPS,
      slopeLow: curve.variableRateSlope1 / BPS,
      slopeHigh: curve.variableRateSlope2 / BPS,
    },
    reserveFactor: reserveFactor / BPS,
  };
}
