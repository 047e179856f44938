import type { ParameterName, ParameterUnit } from '../domain/parameterChange.js';
import { type ParameterLabel, parameterForLabel } from './parameterLabels.js';
import { parseTableValue } from './parseTableValue.js';

/** One change read from a proposal's text table, before a module turns it into a ParameterChange. */
export interface TableChange {
  asset?: string;
  parameter: ParameterName;
  unit: ParameterUnit;
  from?: number;
  to: number;
  /** Other columns of the row (chain, network, instance, market), for the module to map to its markets. */
  context: Record<string, string>;
  /** The row as written, for the change's evidence. */
  row: string;
}

const BEFORE = /^(current|old|previous|existing|before|from|present)\b\s*(value)?\s*/i;
const AFTER = /^(recommended|proposed|new|target|after|to|updated|suggested)\b\s*(value)?\s*/i;
const ASSET_COLUMN = /^(assets?|tokens?|reserves?|collateral|symbol|underlying)$/i;
const PARAMETER_COLUMN = /^(parameters?|risk parameters?|params?)$/i;
const NO_CHANGE = /^(-|–|—|n\/?a|unchanged|same|no change)?$/i;

/**
 * Reads the parameter tables of a proposal body (Markdown): "Current / Proposed" columns and their
 * common variants — a Parameter column with Current and Recommended values, or paired "Current LT" /
 * "Recommended LT" columns, grouped or interleaved. Unknown parameters and unchanged cells are skipped.
 * What it finds is only what the text says: modules mark these changes verified: false.
 */
export function parseParameterTables(markdown: string): TableChange[] {
  return tablesOf(markdown).flatMap(({ header, rows }) => changesOf(header, rows));
}

function changesOf(header: string[], rows: string[][]): TableChange[] {
  const assetColumn = header.findIndex((cell) => ASSET_COLUMN.test(cell));
  const parameterColumn = header.findIndex((cell) => PARAMETER_COLUMN.test(cell));
  const pairs = valuePairs(header);
  const contextColumns = header
    .map((cell, index) => ({ cell, index }))
    .filter(({ cell, index }) => index !== assetColumn && index !== parameterColumn && !pairs.some((pair) => pair.before === index || pair.after === index) && !BEFORE.test(cell) && !AFTER.test(cell));

  return rows.flatMap((cells) => {
    const context = Object.fromEntries(contextColumns.map(({ cell, index }) => [cell.toLowerCase(), cells[index] ?? '']).filter(([, value]) => value !== ''));
    const asset = assetColumn >= 0 ? cells[assetColumn] || undefined : undefined;
    return pairs.flatMap(({ before, after, label: pairLabel }) => {
      const label = pairLabel ?? (parameterColumn >= 0 ? parameterForLabel(cells[parameterColumn] ?? '') : undefined);
      if (!label) return [];
      const toCell = cells[after] ?? '';
      if (NO_CHANGE.test(toCell.trim())) return [];
      const to = parseTableValue(toCell, label);
      if (to === undefined) return [];
      const from = before === undefined ? undefined : parseTableValue(cells[before] ?? '', label);
      if (from === to) return [];
      return [{ ...(asset && { asset }), parameter: label.parameter, unit: label.unit, ...(from !== undefined && { from }), to, context, row: `| ${cells.join(' | ')} |` }];
    });
  });
}

/** Before/after column pairs: "Current Value"/"Recommended Value", or "Current LT"/"Recommended LT". */
function valuePairs(header: string[]): { before?: number; after: number; label?: ParameterLabel }[] {
  const rest = (cell: string, pattern: RegExp) => cell.replace(pattern, '').trim();
  const befores = header.map((cell, index) => ({ index, name: rest(cell, BEFORE), is: BEFORE.test(cell) })).filter((entry) => entry.is);
  return header.flatMap((cell, after) => {
    if (!AFTER.test(cell)) return [];
    const name = rest(cell, AFTER);
    const before = befores.find((entry) => entry.name.toLowerCase() === name.toLowerCase())?.index;
    if (name === '') return [{ ...(before !== undefined && { before }), after }];
    const label = parameterForLabel(name);
    return label ? [{ ...(before !== undefined && { before }), after, label }] : [];
  });
}

/** Markdown pipe tables: a header row, a --- separator row, then body rows. */
function tablesOf(markdown: string): { header: string[]; rows: string[][] }[] {
  const tables: { header: string[]; rows: string[][] }[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let index = 0; index < lines.length - 1; index++) {
    if (!isRow(lines[index]!) || !/^\s*\|?\s*:?-{2,}/.test(lines[index + 1]!)) continue;
    const header = cellsOf(lines[index]!);
    const rows: string[][] = [];
    let next = index + 2;
    while (next < lines.length && isRow(lines[next]!)) rows.push(cellsOf(lines[next++]!));
    tables.push({ header, rows });
    index = next - 1;
  }
  return tables;
}

const isRow = (line: string) => line.trim().startsWith('|');
// Emphasis is dropped: risk stewards bold their headers and cells ("| **Parameter** | Current |").
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.replace(/\\\|/g, '|').replace(/\*\*|__/g, '').trim());
