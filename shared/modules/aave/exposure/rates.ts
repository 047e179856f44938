/** Seconds in Aave's year (365 days; aave-v3-origin MathUtils.SECONDS_PER_YEAR). */
export const SECONDS_PER_YEAR = 31_536_000;

/** An Aave rate in ray (1e27, a yearly APR) as a fraction: 0.0421 for 4.21 %. Pure. */
export const rayToApr = (ray: bigint): number => Number(ray / 10n ** 18n) / 1e9;

/**
 * The APY of a yearly rate compounded every second, as the Aave UI shows it
 * (positions.md §1.6: APY = (1 + APR/secondsPerYear)^secondsPerYear − 1). Written with log1p/expm1
 * because 1 + APR/31,536,000 loses most of its digits in a double. Pure.
 */
export const aprToApy = (apr: number, periodsPerYear: number = SECONDS_PER_YEAR): number =>
  Math.expm1(periodsPerYear * Math.log1p(apr / periodsPerYear));
