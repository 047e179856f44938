import type { ParameterLabel, ReadLabel } from './parameterLabels.js';
import type { HeaderUnit } from './parseTableValue.js';

/** A column holding the value a change starts from, and the one holding where it goes. */
export interface ValuePair {
  before?: number;
  after: number;
  /** The parameter the pair's headers name ("Current LT" / "Rec. LT"); else the row's Parameter cell. */
  label?: ParameterLabel;
  unit?: HeaderUnit;
}

/** How a table's columns are read. */
export interface TableColumns {
  asset: number;
  parameter: number;
  /** A "Cap" column whose cells say which cap ("Supply", "Borrow"). */
  cap: number;
  pairs: ValuePair[];
  /** Columns whose cells carry both values, "80% → 79%": under a parameter header ("LT") or a Value column. */
  arrows: { column: number; label?: ParameterLabel }[];
  /** The other columns (chain, network, instance, market…), kept for the module. */
  context: number[];
}

const BEFORE = /^(current|old|previous|existing|before|from|present|value before)\b\s*(value)?\s*/i;
const AFTER = /^(recommended|recommendations?|rec\.?|proposed|new|target|after|updated|suggested|value after)(?=\s|$)\s*(value)?\s*/i;
const BEFORE_AFTER_SUFFIX = /^(.+?)\s+(current|proposed|recommended|rec\.?|new)$/i;
const AUTHOR = /^(chaos labs|chaos|gauntlet|llamarisk|llama risk)\s+/i;
const ASSET_COLUMN = /^(assets?|tokens?|reserves?|collateral|symbol|underlying)$/i;
const PARAMETER_COLUMN = /^(parameters?|risk parameters?|params?|detail|description)$/i;
const VALUE_COLUMN = /^(values?|change)$/i;

/** Classifies a header row's cells. */
export function tableColumns(header: string[], readLabel: ReadLabel): TableColumns {
  const cells = header.map(headerCell);
  const find = (pattern: RegExp) => cells.findIndex(({ text }) => pattern.test(text));
  const asset = find(ASSET_COLUMN);
  const parameter = find(PARAMETER_COLUMN);
  const cap = find(/^caps?$/i);
  const pairs = valuePairs(cells, readLabel);
  const paired = new Set(pairs.flatMap(({ before, after }) => (before === undefined ? [after] : [before, after])));
  const arrows: TableColumns['arrows'] = [];
  const context: number[] = [];
  cells.forEach(({ text, side }, column) => {
    if (column === asset || column === parameter || column === cap || paired.has(column) || side) return;
    const label = readLabel(text);
    if (label) arrows.push({ column, label });
    else if (VALUE_COLUMN.test(text)) arrows.push({ column });
    else context.push(column);
  });
  return { asset, parameter, cap, pairs, arrows, context };
}

/** True for a header row naming a before and an after column, even with no --- row under it. */
export const looksLikeHeader =
  (readLabel: ReadLabel) =>
  (header: string[]): boolean =>
    valuePairs(header.map(headerCell), readLabel).some((pair) => pair.before !== undefined);

interface HeaderCell {
  text: string;
  side?: 'before' | 'after';
  name: string;
  unit?: HeaderUnit;
}

/** "Current (%)" → before, unit %; "Chaos Rec LT" → after, LT; "RF Proposed" → after, RF; "CurrentValue" → before. */
function headerCell(raw: string): HeaderCell {
  const unitMatch = /\(\s*(%|bps)\s*\)/i.exec(raw);
  const unit = unitMatch ? (unitMatch[1]!.toLowerCase() as HeaderUnit) : undefined;
  const text = raw.replace(/\(\s*(%|bps)\s*\)/i, '').replace(/^(Current|Proposed|Recommended)(?=[A-Z])/, '$1 ').trim();
  const bare = text.replace(AUTHOR, '');
  if (BEFORE.test(bare)) return { text, side: 'before', name: bare.replace(BEFORE, '').trim(), ...(unit && { unit }) };
  if (AFTER.test(bare)) return { text, side: 'after', name: bare.replace(AFTER, '').trim(), ...(unit && { unit }) };
  const suffix = BEFORE_AFTER_SUFFIX.exec(bare);
  if (suffix) return { text, side: /^current$/i.test(suffix[2]!) ? 'before' : 'after', name: suffix[1]!.trim(), ...(unit && { unit }) };
  return { text, name: text, ...(unit && { unit }) };
}

function valuePairs(cells: HeaderCell[], readLabel: ReadLabel): ValuePair[] {
  const befores = cells.map((cell, index) => ({ ...cell, index })).filter((cell) => cell.side === 'before');
  return cells.flatMap((cell, after) => {
    if (cell.side !== 'after') return [];
    const before = befores.find((entry) => sameName(entry.name, cell.name, readLabel))?.index;
    const unit = cell.unit ?? (before !== undefined ? cells[before]!.unit : undefined);
    const common = { ...(before !== undefined && { before }), after, ...(unit && { unit }) };
    if (cell.name === '') return [common];
    const label = readLabel(cell.name);
    return label ? [{ ...common, label }] : [];
  });
}

const sameName = (a: string, b: string, readLabel: ReadLabel) => {
  if (a.toLowerCase() === b.toLowerCase()) return true;
  const left = readLabel(a);
  return left !== undefined && left.parameter === readLabel(b)?.parameter;
};
