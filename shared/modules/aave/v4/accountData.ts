/** One collateral as the spoke counts it: its value (USD, 26 decimals: 1e26 is $1), its config key's collateral factor and its reserve's collateral risk (bps). */
export interface SpokeCollateral {
  value: bigint;
  collateralFactor: number;
  collateralRisk: number;
}

export interface SpokeAccountDataParameters {
  /** Every reserve the user has enabled as collateral, at the factor of the dynamic config key its position is on. */
  collateral: readonly SpokeCollateral[];
  /** The debt's value, drawn and premium, scaled by RAY on top of the 26 decimals (Spoke's totalDebtValueRay). */
  debtValueRay: bigint;
}

export interface SpokeAccountDataReturnType {
  /** WAD; maxUint256 without debt. */
  healthFactor: bigint;
  /** WAD. */
  avgCollateralFactor: bigint;
  /** bps. */
  riskPremium: bigint;
  totalCollateralValue: bigint;
  totalDebtValue: bigint;
}

const WAD = 10n ** 18n;
const RAY = 10n ** 27n;
const BPS_TO_WAD = 10n ** 14n;
const MAX_UINT256 = 2n ** 256n - 1n;

/** An amount of a reserve in USD, 26 decimals, rounded down as the spoke rounds collateral (`toValue`: amount × price × 1e18 / 10^decimals, price 8 decimals). Pure. */
export const spokeValue = (amount: bigint, decimals: number, price: bigint): bigint => (amount * price * WAD) / 10n ** BigInt(decimals);

/**
 * A spoke's account data as Spoke._processUserAccountData computes it (aave/aave-v4
 * src/spoke/Spoke.sol, the ReserveFlags version):
 * - only collateral with a collateral factor above 0 and a supply counts;
 * - healthFactor = floor(Σ CF_i·C_i (bps→WAD) · RAY / debtValueRay), maxUint256 without debt;
 * - avgCollateralFactor = Σ CF_i·C_i (bps→WAD) / Σ C_i;
 * - riskPremium: the collateral sorted by collateral risk ascending, then value descending
 *   (KeyValueList.sortByKey), covers the debt (rounded up from RAY) in that order; the premium is
 *   the covering value's weighted collateral risk, rounded up (divUp).
 * Exact integer arithmetic, so oracle vectors compare to the wei. Pure.
 */
export function spokeAccountData({ collateral, debtValueRay }: SpokeAccountDataParameters): SpokeAccountDataReturnType {
  const counted = collateral.filter((entry) => entry.collateralFactor > 0 && entry.value > 0n);
  const totalCollateralValue = counted.reduce((sum, entry) => sum + entry.value, 0n);
  const weighted = counted.reduce((sum, entry) => sum + BigInt(entry.collateralFactor) * entry.value, 0n);
  const healthFactor = debtValueRay > 0n ? (weighted * BPS_TO_WAD * RAY) / debtValueRay : MAX_UINT256;
  const avgCollateralFactor = totalCollateralValue > 0n ? (weighted * BPS_TO_WAD) / totalCollateralValue : 0n;
  const totalDebtValue = (debtValueRay + RAY - 1n) / RAY;
  const sorted = [...counted].sort((a, b) => a.collateralRisk - b.collateralRisk || (a.value > b.value ? -1 : a.value < b.value ? 1 : 0));
  let left = totalDebtValue;
  let premium = 0n;
  for (const entry of sorted) {
    if (left === 0n) break;
    const used = entry.value < left ? entry.value : left;
    premium += used * BigInt(entry.collateralRisk);
    left -= used;
  }
  const covered = totalDebtValue - left;
  const riskPremium = covered > 0n ? (premium + covered - 1n) / covered : 0n;
  return { healthFactor, avgCollateralFactor, riskPremium, totalCollateralValue, totalDebtValue };
}
