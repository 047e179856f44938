// Lido's APR uses the same 365-day year (lidofinance/docs docs/integrations/api.md: secondsInYear = 31,536,000).
import { SECONDS_PER_YEAR } from '../../../domain/rates.js';

export interface TokenRebased {
  timeElapsed: bigint;
  preTotalShares: bigint;
  preTotalEther: bigint;
  postTotalShares: bigint;
  postTotalEther: bigint;
}

/**
 * The stETH holders' APR of one oracle report, as Lido's API computes it (positions.md §3.3):
 * rate = totalEther·1e27/totalShares before and after, APR = year·(post − pre)/pre / timeElapsed.
 * Net of the protocol fee, since the fee shares are in postTotalShares. Pure.
 */
export function aprOfRebase(event: TokenRebased): number | undefined {
  if (event.preTotalShares === 0n || event.postTotalShares === 0n || event.timeElapsed === 0n) return undefined;
  const preRate = (event.preTotalEther * 10n ** 27n) / event.preTotalShares;
  const postRate = (event.postTotalEther * 10n ** 27n) / event.postTotalShares;
  if (preRate === 0n) return undefined;
  // Fixed point at 1e18 before leaving bigint, so the tiny daily change keeps its digits.
  const change = Number(((postRate - preRate) * 10n ** 18n) / preRate) / 1e18;
  return (SECONDS_PER_YEAR * change) / Number(event.timeElapsed);
}

/** Daily compounding, as stETH rebases once a day: (1 + APR/365)^365 − 1. Pure. */
export const dailyApy = (apr: number): number => Math.expm1(365 * Math.log1p(apr / 365));
