import type { ImpactLevel } from '../contract/enums.js';

/*
 * Every level rule of the simulator, in one place (documented in README, /llms.txt and the OpenAPI
 * description from LEVEL_RULES below). A rule weighs where the account ends and how far the
 * proposal moves it; a change that leaves the wallet better off is at most `low`.
 */

/** aave-v3-origin ValidationLogic.HEALTH_FACTOR_LIQUIDATION_THRESHOLD = 1e18; compound-finance/comet isLiquidatable likewise at 1. */
export const LIQUIDATION_LINE = 1;
/** Below this a position is one ordinary price move from liquidation. */
export const DANGER_LINE = 1.1;
/** A fall of the health factor this large is material whatever the level it ends at. */
export const MATERIAL_FALL = 0.05;

/** Health factor: critical when it ends below 1, high below 1.1, medium for a fall of 0.05 or more, low otherwise; a rise is low. */
export function levelForHealthFactor(before: number, after: number): ImpactLevel {
  if (after === before) return 'none';
  if (after > before) return 'low';
  if (after < LIQUIDATION_LINE) return 'critical';
  if (after < DANGER_LINE) return 'high';
  if (before - after >= MATERIAL_FALL) return 'medium';
  return 'low';
}

/** Money bands, absolute and as a share of the position (yearly for rates, once for reserves). */
export const USD_BANDS: readonly { level: ImpactLevel; usd: number; share: number }[] = [
  { level: 'high', usd: 1000, share: 0.05 },
  { level: 'medium', usd: 100, share: 0.01 },
  { level: 'low', usd: 1, share: 0.0001 },
];

/**
 * Money: a loss (negative, from the wallet's side) is high from $1,000 or 5 % of the position,
 * medium from $100 or 1 %, low from $1 or 0.01 %, else none; a gain is low from $1 (or 0.01 %), never more.
 */
export function levelForUsd(usd: number, positionUsd?: number): ImpactLevel {
  const share = positionUsd && positionUsd > 0 ? Math.abs(usd) / positionUsd : 0;
  const band = USD_BANDS.find((entry) => Math.abs(usd) >= entry.usd || share >= entry.share);
  if (!band) return 'none';
  return usd > 0 ? 'low' : band.level;
}

/**
 * Borrowing power (an LTV or borrow collateral factor change): it moves no health factor and no
 * money, so it is never graded as money. A cut that leaves the debt above what the collateral may
 * now back is medium (no new borrowing, no collateral withdrawal until repaid); any other cut is
 * low, a rise low, no move none.
 */
export function levelForBorrowingPower(beforeUsd: number, afterUsd: number, debtUsd: number): ImpactLevel {
  if (afterUsd === beforeUsd) return 'none';
  if (afterUsd > beforeUsd) return 'low';
  return debtUsd > afterUsd ? 'medium' : 'low';
}

/** States after which a holder has to act or can no longer add to the position. */
export const RESTRICTIVE_LISTING_STATES: ReadonlySet<string> = new Set(['frozen', 'paused', 'deprecated', 'delisted', 'migrated', 'offboarded']);

/** A change of shape on a held asset: high when it restricts the position (frozen, delisted, …), low otherwise. */
export const levelForListing = (state: string): ImpactLevel => (RESTRICTIVE_LISTING_STATES.has(state) ? 'high' : 'low');

/**
 * Worst case without a vote (a scan's envelopes): the health-factor or money rule applied from now
 * to the worst that declared bounds allow; a guardian's freeze or pause, which no bound sizes, is
 * low when it is all the envelope holds.
 */
export function levelForWorstCase(worst: { healthFactor?: { now: number; worst: number }; yearlyUsd?: { changeUsd: number; valueUsd: number } }): ImpactLevel {
  if (worst.healthFactor) {
    const level = levelForHealthFactor(worst.healthFactor.now, worst.healthFactor.worst);
    return level === 'none' ? 'low' : level;
  }
  if (worst.yearlyUsd) {
    const level = levelForUsd(worst.yearlyUsd.changeUsd, worst.yearlyUsd.valueUsd);
    return level === 'none' ? 'low' : level;
  }
  return 'low';
}

/** The rules as sentences, for README, /llms.txt and the OpenAPI description. */
export const LEVEL_RULES: readonly string[] = [
  'critical: the proposal would make a lending position liquidatable (health factor below 1, after all of its changes together).',
  'high: health factor ends below 1.1; or a held asset is frozen, paused, deprecated, delisted, migrated or offboarded; or a loss of $1,000 a year (or once) or 5 % of the position.',
  'medium: health factor falls by 0.05 or more; or debt would exceed the new borrowing power (an LTV cut); or a loss of $100 or 1 % of the position.',
  'low: any smaller loss from $1 or 0.01 % of the position; any improvement (a rise of the health factor, a gain, more borrowing power); a change read from the proposal text that the chain does not corroborate; a change whose effect cannot be quantified.',
  'none: nothing moves for this wallet; the change is already in effect; or the proposal failed or was canceled.',
  'worst case without a vote (a scan’s envelopes): the health-factor and money rules above, applied from now to the worst that the declared bounds of stewards, risk oracles and rate modules allow within 7 days; an envelope is at least low, and one that holds only a guardian’s freeze or pause, which no bound sizes, is low.',
];
