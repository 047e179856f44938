import type { ParameterChange } from '../domain/parameterChange.js';
import type { LendingAccount } from '../domain/position.js';
import { applyToCollateral, jointHealthFactor } from './lendingEffects.js';

/** The health factor a holder is told to stay above: liquidation starts under 1.0, and 0.1 leaves room for a price move (issue #21). */
export const SAFE_HEALTH_FACTOR = 1.1;

/**
 * One collateral dominates an account when it carries at least this share of Σ C·LT′, the
 * liquidation-weighted collateral after the change. The share of the health factor's numerator, not
 * of plain value, is what one price moves: a collateral whose LT falls to 0 counts for nothing, however
 * large. Under it no single price says when liquidation comes, and none is stated.
 */
export const DOMINANT_SHARE = 0.8;

export interface SafetyActionsParameters {
  account: LendingAccount;
  /** One proposal's changes applied to this account (ScannedProposal.accounts), or several proposals' at once. */
  changes: readonly ParameterChange[];
  /** USD per unit of the account's collateral assets, where read (collateralPrices). */
  prices?: Readonly<Record<string, number>>;
  /** Assets the account borrows: a dominant collateral also borrowed moves both sides of the ratio, so no price is stated for it. */
  borrowed?: readonly string[];
  /** The health factor to stay above; SAFE_HEALTH_FACTOR unless given. */
  target?: number;
}

export interface SafetyActionsReturnType {
  market: string;
  healthFactorBefore: number;
  /** After the changes, as the simulator applies them jointly (jointHealthFactor). */
  healthFactorAfter: number;
  target: number;
  /** USD of debt to repay to be back at the target after the changes; absent when already at or above it. */
  repayUsd?: number;
  /**
   * USD of collateral to add instead, of the held collateral with the highest liquidation threshold
   * after the changes (the least to add), at that threshold (bps); absent when at or above the target,
   * or when nothing the account holds counts as collateral after the changes.
   */
  addCollateral?: { asset: string; usd: number; liquidationThreshold: number };
  /**
   * Where one collateral dominates (DOMINANT_SHARE): its price, as a factor of today's, at which the
   * health factor after the changes reaches 1.0, other prices and the debt unchanged; with today's
   * price and that price in USD when the price was read. A factor above 1 means liquidatable at today's price.
   */
  liquidation?: { asset: string; share: number; priceFactor: number; currentPrice?: number; price?: number };
}

/**
 * What a holder can do about a lending account once changes apply, from HF = Σ C_i·LT_i / D
 * (aave-v3-origin GenericLogic.calculateUserAccountData; Comet isLiquidatable with the liquidate
 * collateral factor), with S′ = HF′·D the weighted collateral after the changes:
 * - repay R so that S′ / (D − R) = t: R = D − S′/t = D·(1 − HF′/t);
 * - or add Y of a collateral at LT′_a so that (S′ + Y·LT′_a) / D = t: Y = D·(t − HF′) / LT′_a;
 * - liquidation price of a dominant collateral d: (k·C_d·LT′_d + S′ − C_d·LT′_d) / D = 1, so
 *   k = 1 − (HF′ − 1)·D / (C_d·LT′_d), times today's price.
 * Undefined when the account has no debt (no health factor). Pure.
 *
 * @example safetyActions({ account, changes }).repayUsd // 4,558.55: $33,080 of debt at HF′ 0.948 after a collateral's LT goes to 0
 */
export function safetyActions({ account, changes, prices = {}, borrowed = [], target = SAFE_HEALTH_FACTOR }: SafetyActionsParameters): SafetyActionsReturnType | undefined {
  const after = jointHealthFactor(account, changes);
  if (after === undefined || account.healthFactor === undefined) return undefined;
  const debt = account.debtUsd;
  const result: SafetyActionsReturnType = { market: account.market, healthFactorBefore: account.healthFactor, healthFactorAfter: after, target };
  const weighted = applyToCollateral(account, changes).map(({ after: applied, collateral }) => ({
    asset: collateral.asset,
    valueUsd: collateral.valueUsd,
    liquidationThreshold: applied.liquidationThreshold,
    weight: (collateral.valueUsd * applied.liquidationThreshold) / 10_000,
  }));

  if (after < target) {
    result.repayUsd = debt * (1 - after / target);
    const best = weighted.filter((entry) => entry.liquidationThreshold > 0).sort((a, b) => b.liquidationThreshold - a.liquidationThreshold || b.valueUsd - a.valueUsd)[0];
    if (best) result.addCollateral = { asset: best.asset, usd: (debt * (target - after)) / (best.liquidationThreshold / 10_000), liquidationThreshold: best.liquidationThreshold };
  }

  const total = weighted.reduce((sum, entry) => sum + entry.weight, 0);
  const dominant = total > 0 ? weighted.find((entry) => entry.weight / total >= DOMINANT_SHARE) : undefined;
  const alsoBorrowed = dominant && borrowed.some((asset) => asset.toLowerCase() === dominant.asset.toLowerCase());
  if (dominant && !alsoBorrowed) {
    const priceFactor = 1 - ((after - 1) * debt) / dominant.weight;
    // Under 0 the other collateral alone keeps the account above 1.0: no price of this one liquidates it.
    if (priceFactor > 0) {
      const currentPrice = prices[dominant.asset];
      result.liquidation = {
        asset: dominant.asset,
        share: dominant.weight / total,
        priceFactor,
        ...(currentPrice !== undefined && { currentPrice, price: currentPrice * priceFactor }),
      };
    }
  }
  return result;
}
