import { isHeadingLine } from './markdownTables.js';

/** What the lines above a table say it is about: one asset, an eMode category, or neither. */
export interface TableSubject {
  asset?: string;
  eMode: boolean;
  eModeCategory?: number;
  /** The words naming the category when the heading gives no number ("Stablecoin E-Mode"), resolved against the chain's labels at scan time. */
  eModeLabel?: string;
}

// Words that look like symbols in headings but name parameters, versions or places.
const NOT_ASSETS = new Set(['LTV', 'LT', 'LB', 'RF', 'IR', 'CF', 'LF', 'LP', 'APR', 'APY', 'TVL', 'USD', 'DAO', 'ARFC', 'AIP', 'TL', 'DR', 'SSR', 'RR', 'EMODE', 'E-MODE']);
const EMODE = /\be-?mode\b/i;
const CATEGORY = /\b(?:e-?mode\s+)?(?:category|id)\s*#?\s*(\d{1,3})\b/i;
// A heading longer than this narrates ("Pause sUSDe on Prime Instance") rather than labels a table.
const MAX_LABEL_WORDS = 4;

/**
 * Reads the heading or caption a table sits under: "### WETH", "**wstETH**", "#### rsETH Supply Cap",
 * "### EURS (Polygon)", "**ETH correlated E-Mode Ethereum**", "Stablecoin E-Mode Specifications".
 * Only short headings label a table, and the sentence right above it captions it; a symbol is taken
 * when exactly one appears (or one is bold), places in parentheses aside. Under an eMode heading or
 * caption the table is about the category, never one asset.
 */
export function tableSubject(above: string[]): TableSubject {
  const labels = above.filter((line) => isHeadingLine(line) || words(line).length <= MAX_LABEL_WORDS);
  const nearest = above.at(-1);
  // The sentence right above a table captions it ("Increase the supply cap for MaticX to:"); list items don't.
  const caption = nearest && !labels.includes(nearest) && !/^\s*([-*+]|\d+\.)\s/.test(nearest) ? nearest : undefined;
  const eModeLine = [...labels, ...(caption ? [caption] : [])].find((line) => EMODE.test(line));
  if (eModeLine) {
    const category = CATEGORY.exec(eModeLine)?.[1];
    const label = category === undefined ? labelOfEModeLine(eModeLine) : undefined;
    return { eMode: true, ...(category !== undefined && { eModeCategory: Number(category) }), ...(label && { eModeLabel: label }) };
  }
  const asset = (caption !== undefined ? assetOfCaption(caption) : undefined) ?? [...labels].reverse().map(assetOfLabel).find((found) => found !== undefined);
  return asset ? { asset, eMode: false } : { eMode: false };
}

/** "**weETH Stablecoin E-Mode**" → "weETH Stablecoin"; "E-Mode: ETH correlated" → "ETH correlated"; "For the Stablecoin E-Mode on …" → "Stablecoin". */
function labelOfEModeLine(line: string): string | undefined {
  const plain = line.replace(/^#+\s*|\*\*|__|[`:]/g, ' ').trim();
  const [before = '', after = ''] = plain.split(/\be-?mode\b/i);
  const named = (before.trim() !== '' ? before : after.split(/[,.;(]|\bon\b|\bfor\b/i)[0] ?? '')
    .replace(/^\s*(for|in|to|of|on)?\s*(the|an?)?\s+/i, ' ')
    .replace(/\b(category|categories|parameters?|specifications?|changes?|update)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return named !== '' && named.split(' ').length <= MAX_LABEL_WORDS + 1 ? named : undefined;
}

function assetOfLabel(line: string): string | undefined {
  const lineWords = words(line);
  if (lineWords.length > MAX_LABEL_WORDS) return undefined;
  const symbols = lineWords.filter(looksLikeSymbol);
  return symbols.length === 1 ? symbols[0] : undefined;
}

/** A caption names its asset in bold ("to the **weETH** asset on the Ethereum V3 market") or as its only symbol. */
function assetOfCaption(line: string): string | undefined {
  const bold = [...line.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]!.trim()).filter(looksLikeSymbol);
  if (bold.length === 1) return bold[0];
  const symbols = words(line).filter(looksLikeSymbol);
  return symbols.length === 1 ? symbols[0] : undefined;
}

/**
 * The assets an Asset cell names: "USDC, USDT, DAI" and "USDC.e / USDbC" are several, "MAI/MIMATIC" one; "USDC
 * (Avalanche)" is one, with the place kept apart. A cell whose parts are not all symbols is one name.
 */
export function assetsOfCell(cell: string): { assets: string[]; qualifier?: string } {
  const qualifier = /\(([^)]+)\)\s*$/.exec(cell)?.[1]?.trim();
  const name = cell.replace(/\([^)]*\)\s*$/, '').trim();
  // An unspaced slash joins one asset's two names in these texts ("MAI/MIMATIC"); a spaced one lists.
  const parts = name.split(/\s*(?:,|&|\band\b)\s*|\s+\/\s+/).filter((part) => part !== '');
  const assets = parts.length > 1 && parts.every(looksLikeSymbol) ? parts : name === '' ? [] : [name];
  return { assets, ...(qualifier && { qualifier }) };
}

const words = (line: string) =>
  line
    .replace(/^#+\s*|\*\*|__|[`_]/g, ' ')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/^\s*\d+\.\s/, ' ')
    .split(/[\s,/:]+|\s-\s/)
    .filter((word) => word !== '' && word !== '-');

/** A token symbol: "WETH", "wstETH", "BTC.b", "wS", "USDC.e", "PT-sUSDe"; not "Ethereum" or "V3". */
export function looksLikeSymbol(word: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9.\-]*$/.test(word) || NOT_ASSETS.has(word.toUpperCase())) return false;
  const capitals = word.replace(/[^A-Z]/g, '').length;
  return capitals >= 2 || (/^[a-z]/.test(word) && capitals >= 1);
}
