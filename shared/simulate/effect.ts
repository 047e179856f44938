import type { ImpactLevel } from '../api/schemas/enums.js';

/** What one parameter change does to one position (or one lending account). */
export interface Effect {
  level: ImpactLevel;
  summary: string;
  details?: string;
  estimatedChange?: string;
  /** Signed, from the wallet's side: negative when the wallet loses (per year for rates). */
  usd?: number;
  assets: string[];
  /** Backed by a verified change and computed; false when matched but not quantified. */
  simulated: boolean;
}
