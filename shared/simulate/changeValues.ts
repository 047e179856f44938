import type { ParameterChange, ParameterUnit } from '../domain/parameterChange.js';

/** A change's number as a fraction (bps / 10,000), or undefined for a state or a missing side. Pure. */
export function asFraction(value: number | string | undefined, unit: ParameterUnit): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return unit === 'bps' ? value / 10_000 : unit === 'fraction' ? value : undefined;
}

/** A change's number in bps, for the parameters kept in bps (thresholds, LTVs, bonuses). Pure. */
export function asBps(value: number | string | undefined, unit: ParameterUnit): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  return unit === 'bps' ? value : unit === 'fraction' ? value * 10_000 : undefined;
}

/**
 * Whether a stated value and a value read on chain are the same, at the precision the unit is
 * written in: half a bps, 0.005 percentage points of a rate (tables round to 0.01 %), one drop, a
 * millionth of a token amount; states compare as words.
 */
export function sameValue(a: number | string, b: number | string, unit: ParameterUnit): boolean {
  if (typeof a === 'string' || typeof b === 'string') return String(a).toLowerCase() === String(b).toLowerCase();
  switch (unit) {
    case 'bps':
      return Math.abs(a - b) <= 0.5;
    case 'fraction':
      return Math.abs(a - b) <= 0.00005;
    case 'drops':
      return Math.round(a) === Math.round(b);
    default:
      return Math.abs(a - b) <= Math.max(Math.abs(a), Math.abs(b)) * 1e-6;
  }
}

/** The side a value is compared on, converted to the change's unit (chain values come as bps or fractions). */
export function inUnitOf(change: ParameterChange, value: { bps?: number; fraction?: number; drops?: number; state?: string }): number | string | undefined {
  switch (change.unit) {
    case 'bps':
      return value.bps ?? (value.fraction === undefined ? undefined : value.fraction * 10_000);
    case 'fraction':
      return value.fraction ?? (value.bps === undefined ? undefined : value.bps / 10_000);
    case 'drops':
      return value.drops;
    case 'state':
      return value.state;
    default:
      return undefined;
  }
}
