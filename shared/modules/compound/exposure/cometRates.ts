import { SECONDS_PER_YEAR } from '../../../domain/rates.js';

/** One curve of Comet's interest rate model: per-second factors scaled by 1e18. */
export interface CometRateCurve {
  kink: bigint;
  slopeLow: bigint;
  slopeHigh: bigint;
  base: bigint;
}

export interface CometRateModel {
  supply: CometRateCurve;
  borrow: CometRateCurve;
}

const FACTOR_SCALE = 10n ** 18n;

const mulFactor = (n: bigint, factor: bigint): bigint => (n * factor) / FACTOR_SCALE;

/**
 * A curve's per-second rate at `utilization` (1e18-scaled), in Comet's own integer arithmetic
 * (compound-finance/comet contracts/Comet.sol getSupplyRate/getBorrowRate): computing it here lets
 * the rates come from the same round as the utilization, where calling getSupplyRate(utilization)
 * would need the utilization first, i.e. one more round trip. Pure.
 */
export function rateAt(curve: CometRateCurve, utilization: bigint): bigint {
  if (utilization <= curve.kink) return curve.base + mulFactor(curve.slopeLow, utilization);
  return curve.base + mulFactor(curve.slopeLow, curve.kink) + mulFactor(curve.slopeHigh, utilization - curve.kink);
}

/** Supply and borrow per-second rates at `utilization`. Pure. */
export const cometRates = (model: CometRateModel, utilization: bigint): { supplyRate: bigint; borrowRate: bigint } => ({
  supplyRate: rateAt(model.supply, utilization),
  borrowRate: rateAt(model.borrow, utilization),
});

/** A per-second rate (1e18-scaled) as a yearly APR fraction (docs.compound.finance/interest-rates). Pure. */
export const perSecondToApr = (rate: bigint): number => (Number(rate) / 1e18) * SECONDS_PER_YEAR;
