import type { ParameterChange, ParameterUnit } from '../../domain/parameterChange.js';
import { cleanText } from './cleanText.js';
import { MAX_CHANGES, TEXT_LIMITS } from './limits.js';

const UNITS: ReadonlySet<string> = new Set<ParameterUnit>(['bps', 'fraction', 'drops', 'tokens', 'state']);

export interface CleanChangesReturnType {
  changes: ParameterChange[];
  /** How many were dropped: not an object, no parameter or unit, or a value that is no finite number or bounded text. */
  dropped: number;
}

/**
 * A source's ParameterChanges as the feed stores them: only the fields the type names, each of
 * its type; numbers finite (the simulator multiplies them into a wallet's impact, and an Infinity
 * there would reach the wire as a value the contract rejects); text bounded. A change that
 * cannot be read so is dropped whole, never guessed. Pure.
 */
export function cleanChanges(value: unknown): CleanChangesReturnType {
  if (!Array.isArray(value)) return { changes: [], dropped: value === undefined ? 0 : 1 };
  const changes = value.slice(0, MAX_CHANGES).flatMap((entry) => cleanChange(entry) ?? []);
  return { changes, dropped: value.length - changes.length };
}

function cleanChange(entry: unknown): ParameterChange | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const change = entry as Record<string, unknown>;
  const protocol = cleanText(change.protocol, TEXT_LIMITS.changeField);
  const parameter = cleanText(change.parameter, TEXT_LIMITS.changeField);
  const to = changeValue(change.to);
  const from = change.from === undefined ? undefined : changeValue(change.from);
  if (!protocol || !parameter || to === undefined || (change.from !== undefined && from === undefined)) return undefined;
  if (typeof change.unit !== 'string' || !UNITS.has(change.unit)) return undefined;
  const market = cleanText(change.market, TEXT_LIMITS.changeField);
  const asset = cleanText(change.asset, TEXT_LIMITS.changeField);
  const category = change.eModeCategory;
  return {
    protocol,
    ...(market !== undefined && { market }),
    ...(asset !== undefined && { asset }),
    ...(typeof category === 'number' && Number.isSafeInteger(category) && { eModeCategory: category }),
    ...(cleanText(change.eModeLabel, TEXT_LIMITS.changeField) !== undefined && { eModeLabel: cleanText(change.eModeLabel, TEXT_LIMITS.changeField)! }),
    ...((change.side === 'supply' || change.side === 'borrow') && { side: change.side }),
    ...(typeof change.configKey === 'number' && Number.isSafeInteger(change.configKey) && change.configKey >= 0 && { configKey: change.configKey }),
    parameter,
    ...(from !== undefined && { from }),
    to,
    unit: change.unit as ParameterUnit,
    evidence: cleanText(change.evidence, TEXT_LIMITS.evidence) ?? '',
    // Unverified unless the source said verified: a wrong type must not make a change trusted.
    verified: change.verified === true,
  };
}

const changeValue = (value: unknown): number | string | undefined =>
  typeof value === 'number' ? (Number.isFinite(value) ? value : undefined) : cleanText(value, TEXT_LIMITS.changeField);
