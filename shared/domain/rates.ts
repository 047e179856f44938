/**
 * The 365-day year in seconds that on-chain lending rates use (aave-v3-origin MathUtils.SECONDS_PER_YEAR;
 * docs.compound.finance/interest-rates: rate × 31,536,000; a staking APR over a report's time elapsed).
 */
export const SECONDS_PER_YEAR = 31_536_000;

/**
 * The APY of a yearly rate compounded `periodsPerYear` times: (1 + APR/n)^n − 1 (positions.md §1.6).
 * Written with log1p/expm1 because 1 + APR/31,536,000 loses most of its digits in a double. Pure.
 */
export const aprToApy = (apr: number, periodsPerYear: number = SECONDS_PER_YEAR): number =>
  Math.expm1(periodsPerYear * Math.log1p(apr / periodsPerYear));
