/**
 * A rule change a proposal makes, in machine-readable form. Sources decode these from calldata,
 * messages, payload views or published diffs (verified: true) or from the body's parameter tables
 * (verified: false); the simulator checks each against the chain and turns them into impact.
 */
export interface ParameterChange {
  protocol: string;
  /** The market or pool the change applies to, when the protocol has several (its module's market names, such as `staking module 1`). */
  market?: string;
  /** The asset symbol the change applies to; absent when the change is protocol-wide or category-wide. */
  asset?: string;
  /** The eMode category a category-wide change (eModeLtv, eModeLiquidationThreshold, …) or an asset's membership change concerns. */
  eModeCategory?: number;
  /** The words a text names an eMode category by when it gives no number ("Stablecoin"), matched against the chain's labels at scan time (eModeLabelMatches). */
  eModeLabel?: string;
  /** Which rate curve a curve change moves, where a market has two (a supply and a borrow curve). */
  side?: 'supply' | 'borrow';
  /**
   * The configuration key a keyed change sets, where a market keeps several configurations of one
   * asset and each position stays on the key it last refreshed to: the change reaches only the
   * positions still on that key (an added key, none yet). Absent: the asset's one configuration.
   */
  configKey?: number;
  parameter: ParameterName;
  from?: number | string;
  to: number | string;
  unit: ParameterUnit;
  /** Where the change was read: a calldata selector, a message type, a payload view, a table row. */
  evidence: string;
  verified: boolean;
}

/**
 * A parameter kind's name: one of the shared kinds (shared/domain/sharedParameters.ts) or a kind a
 * module declares in its own folder (ModuleInfo.parameters), which says its unit and words.
 */
export type ParameterName = string;

export type ParameterUnit = 'bps' | 'fraction' | 'drops' | 'tokens' | 'state';

/** The largest share (LT, LTV, a fee…): 100 %. */
export const SHARE_MAX = 1;
/** The largest yearly rate a value may state: 1,000 %, for a market at its kink's far side. */
export const RATE_MAX = 10;

/** The range a value of a unit may take, in that unit: shares bounded by 100 %, rates by RATE_MAX, amounts non-negative. */
export function valueRange(unit: ParameterUnit, bounded: boolean | undefined): { min: number; max: number; integer?: boolean } | undefined {
  switch (unit) {
    case 'bps':
      return { min: 0, max: SHARE_MAX * 10_000 };
    case 'fraction':
      return { min: 0, max: bounded ? SHARE_MAX : RATE_MAX };
    case 'drops':
      return { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true };
    case 'tokens':
      return { min: 0, max: Number.MAX_VALUE };
    default:
      return undefined;
  }
}

/**
 * Why a stated value cannot be one of its unit, or undefined when it can: a state is a word, every
 * other unit a finite number in its range (valueRange), never a string of digits: the same rules
 * the what-if account's values follow (shares 0 to 1, rates 0 to 10, amounts from 0). `scale`
 * states the range in another unit (10,000 for bps written as fractions). Pure.
 */
export function valueProblem(value: unknown, unit: ParameterUnit, bounded: boolean | undefined, scale = 1): string | undefined {
  // A state is a word (a listing, a feed's address) or, for a kind the shared units cannot measure, a finite number (a timelock's seconds).
  if (unit === 'state') return (typeof value === 'string' && value.length > 0) || (typeof value === 'number' && Number.isFinite(value)) ? undefined : 'must be a word or a finite number';
  if (typeof value !== 'number') return `must be a number, not ${typeof value === 'string' ? 'a string' : typeof value}`;
  if (!Number.isFinite(value)) return 'must be a finite number';
  const range = valueRange(unit, bounded)!;
  const [min, max] = [range.min / scale, range.max / scale];
  // Only in the unit itself: a ledger's coin written in whole units is rounded to its drops.
  if (range.integer && scale === 1 && !Number.isInteger(value)) return `must be a whole number of ${unit}`;
  if (value < min || value > max) {
    const hint = max === 1 ? ' (a share as a fraction: 0.8 for 80 %)' : max === RATE_MAX ? ' (a yearly rate as a fraction: 0.05 for 5 %)' : '';
    return max >= Number.MAX_SAFE_INTEGER / scale ? `must be ${min} or more` : `must be from ${min} to ${max}${hint}`;
  }
  return undefined;
}

/** The first of a change's values (`to`, then `from`) that cannot be one of its unit, with why. Pure. */
export function changeValueProblem(change: Pick<ParameterChange, 'to' | 'from' | 'unit'>, bounded: boolean | undefined): { field: 'to' | 'from'; value: unknown; problem: string } | undefined {
  const to = valueProblem(change.to, change.unit, bounded);
  if (to) return { field: 'to', value: change.to, problem: to };
  if (change.from === undefined) return undefined;
  const from = valueProblem(change.from, change.unit, bounded);
  return from ? { field: 'from', value: change.from, problem: from } : undefined;
}
