import { type ChainReading, wasRead } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { sameValue } from '../../simulate/changeValues.js';

/**
 * A change's stated old value against the chain's, as a proposal page says it:
 * - agrees: the chain holds the value the proposal says it replaces;
 * - disagrees: the chain holds another (the proposal's "before" is stale or wrong);
 * - in_effect: the chain already holds the proposal's new value;
 * - no_stated_old: the proposal states no old value; the chain's is the one it replaces;
 * - not_read: nothing was read, with why.
 */
export type ReadingVerdict =
  | { kind: 'agrees' | 'disagrees' | 'in_effect' | 'no_stated_old'; value: number | string }
  | { kind: 'not_read'; reason: string };

/** Compares the reading with the change's stated values, in the change's unit (sameValue's tolerances: half a basis point…). Pure. */
export function readingVerdict(change: Pick<ParameterChange, 'from' | 'to' | 'unit'>, reading: ChainReading): ReadingVerdict {
  if (!wasRead(reading)) return { kind: 'not_read', reason: reading.notRead };
  const { value } = reading;
  if (sameValue(change.to, value, change.unit)) return { kind: 'in_effect', value };
  if (change.from === undefined) return { kind: 'no_stated_old', value };
  return { kind: sameValue(change.from, value, change.unit) ? 'agrees' : 'disagrees', value };
}
