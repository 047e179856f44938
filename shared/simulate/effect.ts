import type { ImpactLevel } from '../contract/enums.js';

/** What a proposal's changes do to one position or one lending account, graded by its own rule. */
export interface Effect {
  level: ImpactLevel;
  summary: string;
  details?: string;
  estimatedChange?: string;
  /** Money, signed from the wallet's side (negative when the wallet loses; per year for rates). Never borrowing power. */
  usd?: number;
  assets: string[];
  /** Computed from verified or corroborated changes; false when matched but not quantified. */
  simulated: boolean;
  /** The account's health factor before and after all of the proposal's changes, where it moves. */
  healthFactor?: { market: string; before: number; after: number };
  /** A yearly rate before and after, for yield positions (the page charts it). */
  yearly?: { asset: string; aprBefore: number; aprAfter: number; usd?: number };
}
