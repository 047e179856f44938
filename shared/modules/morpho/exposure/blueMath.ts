/*
 * Morpho Blue's share and health arithmetic, in integers as the contract does it
 * (morpho-org/morpho-blue src/libraries/SharesMathLib.sol, MathLib.sol, Morpho._isHealthy).
 */

/** SharesMathLib: virtual shares and assets that keep the first depositor from inflating the share price. */
export const VIRTUAL_SHARES = 10n ** 6n;
export const VIRTUAL_ASSETS = 1n;
/** ConstantsLib.ORACLE_PRICE_SCALE: an oracle's price is one collateral unit in loan units × 1e36. */
export const ORACLE_PRICE_SCALE = 10n ** 36n;
export const WAD = 10n ** 18n;

/** Supply shares to assets, rounded down (toAssetsDown). Pure. */
export const toAssetsDown = (shares: bigint, totalAssets: bigint, totalShares: bigint): bigint => (shares * (totalAssets + VIRTUAL_ASSETS)) / (totalShares + VIRTUAL_SHARES);

/** Borrow shares to assets, rounded up (toAssetsUp): the debt a position owes. Pure. */
export const toAssetsUp = (shares: bigint, totalAssets: bigint, totalShares: bigint): bigint => {
  const numerator = shares * (totalAssets + VIRTUAL_ASSETS);
  const denominator = totalShares + VIRTUAL_SHARES;
  return (numerator + denominator - 1n) / denominator;
};

/**
 * The most a position may owe before it can be liquidated: collateral × price / 1e36 (rounded
 * down, mulDivDown) × LLTV / 1e18 (wMulDown), in loan-token units (Morpho._isHealthy). Pure.
 */
export const maxBorrow = (collateral: bigint, price: bigint, lltv: bigint): bigint => (((collateral * price) / ORACLE_PRICE_SCALE) * lltv) / WAD;

/** The collateral's worth in loan-token units, before the LLTV. Pure. */
export const collateralInLoan = (collateral: bigint, price: bigint): bigint => (collateral * price) / ORACLE_PRICE_SCALE;

/**
 * The health factor Morpho's interfaces show: maxBorrow / borrowed; the position is liquidatable
 * below 1 (healthy iff maxBorrow ≥ borrowed). Undefined without debt. Pure.
 */
export function healthFactor(collateral: bigint, price: bigint, lltv: bigint, borrowed: bigint): number | undefined {
  if (borrowed === 0n) return undefined;
  // Six decimals of the ratio in integers, then to a number: the amounts overflow a double's precision.
  return Number((maxBorrow(collateral, price, lltv) * 10n ** 6n) / borrowed) / 1e6;
}
