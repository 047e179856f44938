import type { ParameterName, ParameterUnit } from '../domain/parameterChange.js';
import { type MarkdownTable, tablesOf } from './markdownTables.js';
import { inEMode, labelReader, type ParameterLabel, type ReadLabel } from './parameterLabels.js';
import { type HeaderUnit, parseTableValue, symbolOfValue } from './parseTableValue.js';
import { looksLikeHeader, tableColumns } from './tableColumns.js';
import { assetsOfCell, looksLikeSymbol, tableSubject } from './tableSubject.js';

/** One change read from a proposal's text table, before a module turns it into a ParameterChange. */
export interface TableChange {
  asset?: string;
  /** The eMode category, when the table states its number. */
  eModeCategory?: number;
  /** The words naming the eMode category when the table gives no number ("Stablecoin"). */
  eModeLabel?: string;
  parameter: ParameterName;
  unit: ParameterUnit;
  from?: number;
  to: number;
  /** Other columns of the row (chain, network, instance, market), for the module to map to its markets. */
  context: Record<string, string>;
  /** The heading and lines written above the table, nearest last, where a text may name the market ("### Prime Instance"). */
  above: string[];
  /** The row as written, for the change's evidence. */
  row: string;
}

const NO_CHANGE = /^(-+|–|—|n\/?a|unchanged|same|no change)?$/i;
const ARROW = /\s*(?:→|->|=>|⇒|⟶)\s*/;

/**
 * Reads the parameter tables of a proposal body (Markdown): "Current / Proposed" columns and their
 * common variants — a Parameter column with Current and Recommended (Rec., Recommendation) values,
 * paired "Current LT" / "Rec. LT" or "RF Current" / "RF Proposed" columns, cells written "80% → 79%",
 * Asset cells naming several assets, the asset or eMode category a heading above names, a corner
 * cell naming the asset ("| cbBTC | Ethereum V3 | Base |"), and a column per asset or per market
 * (`isPlace` says which headers are markets; the module's naming). Unknown
 * parameters and unchanged cells are skipped; the stated current value is kept as `from`, which is
 * what lets the simulator corroborate a row. What it finds is only what the text says: modules mark
 * these changes verified: false. `readLabel` knows the shared kinds, and the module's own when it
 * passes them (labelReader).
 */
export function parseParameterTables(markdown: string, readLabel: ReadLabel = labelReader(), isPlace: IsPlace = () => false): TableChange[] {
  return tablesOf(markdown, looksLikeHeader(readLabel)).flatMap((table) => changesOf(table, readLabel, isPlace));
}

/** Whether a column header names one market of the module's ("Ethereum V3", "Base", "OP Mainnet"). */
export type IsPlace = (header: string) => boolean;

// A row labelled as an action ("Increase Supply Caps", "Reduce LTV") names the parameter it acts on.
const ACTION = /^\s*(increase|decrease|reduce|raise|lower|set|update|adjust)s?\s+(the\s+)?/i;

function changesOf({ header, rows, above, enclosing }: MarkdownTable, readLabel: ReadLabel, isPlace: IsPlace): TableChange[] {
  const classified = tableColumns(header, readLabel);
  // "| cbBTC | Ethereum V3 | Base |", "| FRAX | value before | value after |": a corner cell naming an
  // asset heads a first column of parameter labels, and the whole table is about that asset.
  const corner = classified.parameter < 0 && classified.asset < 0 && classified.context.includes(0) && looksLikeSymbol(header[0] ?? '') && !isPlace(header[0]!) ? header[0]! : undefined;
  // A header that names a market is a place even where it reads as a parameter ("Base"), unless its cells say "from → to".
  const placeNotLabel = classified.arrows.filter(({ column }) => isPlace(header[column] ?? '') && rows.every((cells) => !ARROW.test(cells[column] ?? ''))).map(({ column }) => column);
  const columns = {
    ...classified,
    ...(corner && { parameter: 0 }),
    arrows: classified.arrows.filter(({ column }) => !placeNotLabel.includes(column)),
    context: [...classified.context.filter((index) => !(corner && index === 0)), ...placeNotLabel],
  };
  const heading = tableSubject(above);
  const subject = corner && !heading.eMode ? { ...heading, asset: corner } : heading;
  const section: Record<string, string> = {};
  // "| Parameter | Value |" with no before column states the values a proposal sets ("Slope1 | 0.75%"): read as targets with no from.
  // "| Parameter | PYUSD |": a column per asset, each cell the value the proposal sets for it.
  // "| Parameter | Ethereum | Arbitrum |", "| cbBTC | Ethereum V3 | Base |": a column per market, each cell the value set there.
  const valueTable = columns.parameter >= 0 && columns.pairs.length === 0 && columns.arrows.length === 0;
  // A header that also reads as a symbol ("CELO", "OP") is an asset beside other assets, a place beside places; a linked one is neither.
  const placed = valueTable ? columns.context.filter((index) => !/\]\(/.test(header[index] ?? '') && isPlace(header[index] ?? '')) : [];
  const besideAssets = columns.context.some((index) => !placed.includes(index) && looksLikeSymbol(header[index] ?? ''));
  const placeColumns = placed.filter((index) => !(besideAssets && looksLikeSymbol(header[index] ?? '')));
  const assetColumns = valueTable ? columns.context.filter((index) => !placeColumns.includes(index) && looksLikeSymbol(header[index] ?? '')) : [];
  // Caps written "1100 GNO" name their asset; when every such cell names the same one, so does the table.
  const valueColumns = [...columns.pairs.flatMap(({ before, after }) => (before === undefined ? [after] : [before, after])), ...columns.arrows.map(({ column }) => column), ...placeColumns];
  const symbols = new Set(rows.flatMap((cells) => valueColumns.map((column) => symbolOfValue(cells[column] ?? '')).filter((symbol) => symbol !== undefined)));
  const tableAsset = subject.asset ?? (symbols.size === 1 ? [...symbols][0] : undefined);
  const plainValues = columns.parameter >= 0 && columns.pairs.length === 0 && columns.arrows.length === 1 && columns.arrows[0]!.label === undefined && /^values?$/i.test(header[columns.arrows[0]!.column] ?? '');
  return rows.flatMap((cells) => {
    // A row with only its first cell filled ("_Prime Market_") heads the rows below it.
    if (cells[0] && cells.slice(1).every((cell) => cell === '')) {
      section.section = cells[0].replace(/^[_*]+|[_*]+$/g, '');
      return [];
    }
    const context = { ...section, ...Object.fromEntries(columns.context.filter((index) => !assetColumns.includes(index) && !placeColumns.includes(index)).map((index) => [header[index]!.toLowerCase(), cells[index] ?? '']).filter(([, value]) => value !== '')) };
    const rowLabel = columns.cap >= 0 ? readLabel(`${cells[columns.cap] ?? ''} cap`) : columns.parameter >= 0 ? readRowLabel(cells[columns.parameter] ?? '', readLabel) : undefined;
    const read = (label: ParameterLabel | undefined, toCell: string, fromCell: string | undefined, unit?: HeaderUnit) => {
      if (!label) return [];
      const value = valueChange(subject.eMode ? inEMode(label) : label, toCell, fromCell, unit);
      return value ? [{ label: subject.eMode ? inEMode(label) : label, ...value }] : [];
    };
    const found = [
      ...columns.pairs.flatMap(({ before, after, label, unit }) => read(label ?? rowLabel, cells[after] ?? '', before === undefined ? undefined : cells[before], unit)),
      ...columns.arrows.flatMap(({ column, label }) => (ARROW.test(cells[column] ?? '') || plainValues ? read(label ?? rowLabel, cells[column]!, undefined) : [])),
    ];
    const perAsset = assetColumns.flatMap((column) => read(rowLabel, cells[column] ?? '', undefined).map((value) => ({ ...value, asset: header[column]! })));
    const perPlace = placeColumns.flatMap((column) => read(rowLabel, cells[column] ?? '', undefined).map((value) => ({ ...value, place: header[column]! })));
    if (found.length === 0 && perAsset.length === 0 && perPlace.length === 0) return [];
    const named = columns.asset >= 0 ? assetsOfCell(cells[columns.asset] ?? '') : { assets: [] as string[] };
    if (named.qualifier) context.qualifier = named.qualifier;
    const row = `| ${cells.join(' | ')} |`;
    // Under an eMode heading a category's own LTV, threshold and bonus belong to the category, whichever asset's column states them.
    const byColumn = perAsset.map(({ label, to, asset }) => ({
      ...(!(subject.eMode && label.parameter.startsWith('eMode')) && { asset }),
      ...(subject.eModeCategory !== undefined && { eModeCategory: subject.eModeCategory }),
      ...(subject.eModeLabel !== undefined && { eModeLabel: subject.eModeLabel }),
      parameter: label.parameter,
      unit: label.unit,
      to,
      context,
      above: [...enclosing, ...above],
      row,
    }));
    const byPlace = perPlace.map(({ label, to, place }) => ({
      ...(tableAsset && !subject.eMode && { asset: tableAsset }),
      ...(subject.eModeCategory !== undefined && { eModeCategory: subject.eModeCategory }),
      ...(subject.eModeLabel !== undefined && { eModeLabel: subject.eModeLabel }),
      parameter: label.parameter,
      unit: label.unit,
      to,
      context: { ...context, market: place },
      above: [...enclosing, ...above],
      row,
    }));
    return [...byColumn, ...byPlace, ...found.flatMap(({ label, from, to }) => {
      const assets = named.assets.length > 0 ? named.assets : subject.eMode ? [undefined] : [tableAsset];
      return assets.map((asset) => ({
        ...(asset && { asset }),
        ...(subject.eModeCategory !== undefined && { eModeCategory: subject.eModeCategory }),
        ...(subject.eModeLabel !== undefined && { eModeLabel: subject.eModeLabel }),
        parameter: label.parameter,
        unit: label.unit,
        ...(from !== undefined && { from }),
        to,
        context,
        above: [...enclosing, ...above],
        row,
      }));
    })];
  });
}

/** A Parameter cell read as a label, also when written as the action on it ("Increase Supply Caps"). */
const readRowLabel = (cell: string, readLabel: ReadLabel): ParameterLabel | undefined => readLabel(cell) ?? (ACTION.test(cell) ? readLabel(cell.replace(ACTION, '')) : undefined);

/** The before and after values of one cell pair, or of one "from → to" cell; nothing when unchanged. */
function valueChange(label: ParameterLabel, toCell: string, fromCell: string | undefined, unit?: HeaderUnit): { from?: number; to: number } | undefined {
  const [arrowFrom, arrowTo] = ARROW.test(toCell) ? toCell.split(ARROW) : [undefined, toCell];
  const target = (arrowTo ?? '').trim();
  if (NO_CHANGE.test(target)) return undefined;
  const to = parseTableValue(target, label, unit);
  if (to === undefined) return undefined;
  const fromText = arrowFrom ?? fromCell;
  const from = fromText === undefined ? undefined : parseTableValue(fromText, label, unit);
  if (from === to) return undefined;
  return { ...(from !== undefined && { from }), to };
}
