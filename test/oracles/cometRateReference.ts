/*
 * The reference for Comet's rate curve: a line-by-line BigInt transcription of
 * compound-finance/comet @ d5a30b0aaeff7755f1431e87f818990902237b03 (2026-05-29):
 * - contracts/Comet.sol lines 166–175 (constructor): per-second slopes and bases are the
 *   Configuration's per-year values / SECONDS_PER_YEAR (integer division); kinks are kept as given;
 * - contracts/Comet.sol lines 449–472: getSupplyRate / getBorrowRate;
 * - contracts/Comet.sol lines 701–703: mulFactor(n, factor) = n * factor / FACTOR_SCALE (truncating);
 * - contracts/CometCore.sol lines 45 and 57: SECONDS_PER_YEAR = 31_536_000, FACTOR_SCALE = 1e18;
 * - contracts/CometMath.sol lines 19–22: safe64 reverts above type(uint64).max;
 * - contracts/CometConfiguration.sol lines 21–28: kinks and per-year rates are uint64.
 * Kept apart from the project's code on purpose: the calculator is checked against this, never
 * built from it. Test-only.
 */

export const SECONDS_PER_YEAR = 31_536_000n;
export const FACTOR_SCALE = 10n ** 18n;
const UINT64_MAX = 2n ** 64n - 1n;

/** One curve as CometConfiguration holds it (per-year, 1e18-scaled, each a uint64). */
export interface CometCurveConfig {
  kink: bigint;
  perYearInterestRateSlopeLow: bigint;
  perYearInterestRateSlopeHigh: bigint;
  perYearInterestRateBase: bigint;
}

/** The immutables the constructor derives from one curve's configuration (Comet.sol 168–175). */
export interface CometCurveImmutables {
  kink: bigint;
  perSecondInterestRateSlopeLow: bigint;
  perSecondInterestRateSlopeHigh: bigint;
  perSecondInterestRateBase: bigint;
}

export const immutablesOf = (config: CometCurveConfig): CometCurveImmutables => ({
  kink: config.kink,
  perSecondInterestRateSlopeLow: config.perYearInterestRateSlopeLow / SECONDS_PER_YEAR,
  perSecondInterestRateSlopeHigh: config.perYearInterestRateSlopeHigh / SECONDS_PER_YEAR,
  perSecondInterestRateBase: config.perYearInterestRateBase / SECONDS_PER_YEAR,
});

const mulFactor = (n: bigint, factor: bigint): bigint => (n * factor) / FACTOR_SCALE;

/** CometMath.safe64: Comet reverts (InvalidUInt64) rather than return a rate above uint64. */
export class InvalidUInt64 extends Error {}
const safe64 = (n: bigint): bigint => {
  if (n > UINT64_MAX) throw new InvalidUInt64();
  return n;
};

/** Comet.getSupplyRate and Comet.getBorrowRate have the same body over their own immutables. */
export function getRate(curve: CometCurveImmutables, utilization: bigint): bigint {
  if (utilization <= curve.kink) {
    return safe64(curve.perSecondInterestRateBase + mulFactor(curve.perSecondInterestRateSlopeLow, utilization));
  }
  return safe64(curve.perSecondInterestRateBase + mulFactor(curve.perSecondInterestRateSlopeLow, curve.kink) + mulFactor(curve.perSecondInterestRateSlopeHigh, utilization - curve.kink));
}
