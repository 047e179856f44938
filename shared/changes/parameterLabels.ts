import type { ParameterName, ParameterUnit } from '../domain/parameterChange.js';
import type { ParameterKind } from '../domain/parameterKind.js';
import { SHARED_PARAMETER_KINDS } from '../domain/sharedParameters.js';

/** An eMode category's own LTV, threshold and bonus, when the table sits under an eMode heading. */
const EMODE: Partial<Record<ParameterName, ParameterName>> = {
  ltv: 'eModeLtv',
  liquidationThreshold: 'eModeLiquidationThreshold',
  liquidationBonus: 'eModeLiquidationBonus',
};

export interface ParameterLabel {
  parameter: ParameterName;
  unit: ParameterUnit;
  bounded: boolean;
}

/** Reads a table label ("Current LT", "LiquidationThreshold", "Loan To Value (LTV)") as the parameter it names, if known. */
export type ReadLabel = (label: string) => ParameterLabel | undefined;

/**
 * A reader of table labels: the shared kinds' labels (SHARED_PARAMETER_KINDS, first match wins),
 * then the given module's own kinds (ModuleInfo.parameters).
 *
 * @example labelReader(lidoInfo.parameters)('Treasury Fee') // { parameter: 'treasuryFee', unit: 'fraction', bounded: true }
 */
export function labelReader(kinds: readonly ParameterKind[] = []): ReadLabel {
  const labelled = [...SHARED_PARAMETER_KINDS, ...kinds].filter((kind) => kind.tableLabel !== undefined);
  return (label) => {
    const normalized = label
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .replace(/\([^)]*\)/g, ' ')
      .replace(/[_*`:]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const found = labelled.find(({ tableLabel }) => tableLabel!.test(normalized));
    return found && { parameter: found.name, unit: found.unit, bounded: found.bounded ?? false };
  };
}

/** The same label read as an eMode category's parameter; labels with no eMode counterpart are kept. */
export function inEMode(label: ParameterLabel): ParameterLabel {
  const parameter = EMODE[label.parameter];
  return parameter ? { ...label, parameter } : label;
}

/** A kind's label without its sentence's article, as a heading or a table names it: "the supply rate" → "supply rate". Pure. */
export const withoutArticle = (label: string): string => label.replace(/^(the|an|a) /, '');
