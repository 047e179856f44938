import type { Address } from 'viem';
import type { RateCurveBps, RateCurveRay } from './rateModel.js';

/** One reserve the wallet holds (supplied, as collateral or not, or borrowed), read at the account's block. */
export interface LendingPoolReserveRead {
  asset: Address;
  /** The reserve's id: its index in Pool.getReservesList, its bit in eMode bitmaps. */
  id: number;
  symbol: string;
  decimals: number;
  /** Reserve LTV, LT and factor, bps. */
  ltv: number;
  liquidationThreshold: number;
  reserveFactor: number;
  aTokenBalance: bigint;
  variableDebt: bigint;
  /** v3.0 only: the user's stable-rate debt and its own rate (ray); absent without one. */
  stableDebt?: bigint;
  stableBorrowRate?: bigint;
  usageAsCollateral: boolean;
  /** APRs in ray (1e27). */
  liquidityRate: bigint;
  variableBorrowRate: bigint;
  /** Oracle price, USD with 8 decimals. */
  price: bigint;
  /** The reserve's whole variable debt (the debt token's supply). */
  totalVariableDebt: bigint;
  /** The strategy's cash (v3.2+: Pool.getVirtualUnderlyingBalance; v3.0: underlying.balanceOf(aToken)) and its curve; absent when not read. */
  virtualUnderlyingBalance?: bigint;
  aTokenCash?: bigint;
  rateCurve?: RateCurveBps | RateCurveRay;
}

/** A wallet's account in one lending-pool market: totals from getUserAccountData and the reserves it holds. */
export interface LendingPoolAccountRead {
  blockNumber: bigint;
  totalCollateralBase: bigint;
  totalDebtBase: bigint;
  /** WAD; max uint256 when the account has no debt. */
  healthFactor: bigint;
  /**
   * The user's eMode category, when it has one: its label, LTV and LT, and the reserves it applies
   * to as a bitmap by reserve id (v3.2+: the category's collateral bitmap; v3.0: the reserves whose
   * configuration names the category). `priceSource` is v3.0's optional category oracle;
   * `ltvzeroBitmap` the reserves whose LTV the category zeroes, read only from a 3.6+ pool (its
   * presence is what puts the account under the `ltvzeroBitmap` rule); `isolated` whether a 3.7+
   * category is isolated, absent where the pool predates 3.7 (it reverts the getter: not isolated).
   */
  eMode?: { id: number; label?: string; ltv: number; liquidationThreshold: number; collateralBitmap: bigint; priceSource?: Address; ltvzeroBitmap?: bigint; isolated?: boolean };
  reserves: LendingPoolReserveRead[];
}
