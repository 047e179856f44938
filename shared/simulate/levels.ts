import type { ImpactLevel } from '../api/schemas/enums.js';

/**
 * Level rules. Health factor: below 1 the position can be liquidated (Aave
 * ValidationLogic.HEALTH_FACTOR_LIQUIDATION_THRESHOLD = 1e18), below 1.1 one price move away.
 * Money: by the size of the yearly (or one-off) change, whichever way it goes.
 */
export function levelForHealthFactor(before: number, after: number): ImpactLevel {
  if (after < 1) return 'critical';
  if (after < 1.1) return 'high';
  if (after < before - 0.05) return 'medium';
  if (after !== before) return 'low';
  return 'none';
}

export function levelForUsd(usd: number): ImpactLevel {
  const abs = Math.abs(usd);
  if (abs >= 1000) return 'high';
  if (abs >= 100) return 'medium';
  if (abs >= 1) return 'low';
  return 'none';
}

/** States of a listing after which a holder has to act or can no longer add to the position. */
export const RESTRICTIVE_LISTING_STATES: ReadonlySet<string> = new Set([
  'frozen',
  'paused',
  'deprecated',
  'delisted',
  'migrated',
]);
