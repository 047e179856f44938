/** Sky keeps rates and accumulators in rays (27 decimals), as DSS does (dss src/pot.sol, sdai src/SUsds.sol). */
export const RAY = 10n ** 27n;

/** A year as the savings rates count it: 365 days (spells-mainnet scripts/rates.sh divides by 60·60·24·365). */
export const SECONDS_PER_YEAR_BIG = 31_536_000n;

/**
 * x^n in fixed point of base `base`, rounding each product half up: DSS's `_rpow` (dss src/pot.sol,
 * and spells-mainnet src/DssSpell.t.base.sol `_rpow`, which checks sUSDS's chi with it), so a
 * per-second rate compounds here to the wei the contracts compound it. Pure.
 */
export function rpow(x: bigint, n: bigint, base: bigint = RAY): bigint {
  if (x === 0n) return n === 0n ? base : 0n;
  const half = base / 2n;
  let z = n % 2n === 1n ? x : base;
  for (let k = n / 2n; k > 0n; k /= 2n) {
    x = (x * x + half) / base;
    if (k % 2n === 1n) z = (z * x + half) / base;
  }
  return z;
}

/**
 * The yearly rate of a per-second ray (the SSR, the DSR, an ilk's duty): rpow(rate, 365 days) − 1,
 * the figure governance states in bps (spells-mainnet src/test/rates.sol maps 450 bps to the ray
 * whose year compounds to 4.5 %). Fixed point at 1e18 before leaving bigint. Pure.
 */
export function yearlyRateOfRay(perSecond: bigint): number {
  const growth = rpow(perSecond, SECONDS_PER_YEAR_BIG) - RAY;
  return Number(growth / 10n ** 9n) / 1e18;
}

/**
 * The assets `shares` of sUSDS or sDAI stand for, given the chi the vault applies: shares·chi/RAY,
 * rounded down, which is the vaults' own convertToAssets (sdai src/SUsds.sol, src/SavingsDai.sol).
 * Pure.
 */
export const assetsOfShares = (shares: bigint, chi: bigint): bigint => (shares * chi) / RAY;
