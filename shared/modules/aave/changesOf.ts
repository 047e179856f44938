import type { ChangeType } from '../../contract/enums.js';
import { specificationLines } from '../../changes/specificationLines.js';
import { tableChanges } from '../../changes/tableChanges.js';
import { looksLikeSymbol } from '../../changes/tableSubject.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { AAVE_MARKETS } from './exposure/markets.js';
import { marketOfName, marketOfTableRow } from './marketOfName.js';

/*
 * Payload actions are `delegatecall execute()` on a payload contract (sources.md §2): the calldata
 * says nothing about which parameter moves, so this source reads the body's tables (verified:
 * false) and recognises changes of shape by the proposal's title or its payloads' names (the
 * body's "Implementation" links, e.g. AaveV2Ethereum_AaveV2DeprecationUpdate_20250925.sol).
 */

const SHAPES: { pattern: RegExp; to: string }[] = [
  { pattern: /\bdeprecat/i, to: 'deprecated' },
  { pattern: /\boffboard/i, to: 'offboarded' },
  { pattern: /\bfr(ee|o)z/i, to: 'frozen' },
  // "Sunset stMATIC on Polygon": freeze, LTV to zero, rates up, the steps of a deprecation.
  { pattern: /\bsunset/i, to: 'deprecated' },
  { pattern: /\bdelist/i, to: 'delisted' },
  { pattern: /\bmigrat/i, to: 'migrated' },
  // "Onboard X to Aave …" lists an asset; "Onboard X to the … Oracle" does not.
  { pattern: /\basset listing\b|\bonboard\b.*\bto (the )?aave\b/i, to: 'listed' },
];

/** ParameterChanges of a proposal from its title and Markdown body, and its changeType. Pure. */
export function changesOf(title: string, description: string): { changes: ParameterChange[]; changeType?: ChangeType } {
  const payloads = payloadNamesOf(description);
  const payloadMarkets = [...new Set(payloads.map(marketOfPayload).filter((market) => market !== undefined))];
  const named = [{ evidence: `title: ${title}`, words: title }, ...payloads.map((name) => ({ evidence: `payload: ${name}`, words: wordsOf(name) }))];
  const found = named.flatMap(({ evidence, words }) => {
    const shape = SHAPES.find(({ pattern }) => pattern.test(words));
    return shape ? [{ evidence, to: shape.to, market: marketOfPayload(evidence.replace(/^payload: /, '')) }] : [];
  })[0];
  // A table naming no asset is about the one asset a title names ("WBTC Reserve Factor and UOptimal Increase"), if it names one.
  const titleAsset = symbolsOfTitle(title).length === 1 ? symbolsOfTitle(title)[0] : undefined;
  const tabled = tableChanges(description, {
    protocol: 'aave',
    where: 'body',
    marketOf: (context, above) => marketOf(context, above, payloadMarkets),
    isPlace: (header) => marketOfName(header) !== undefined,
  })
    .map((change) => (change.asset === undefined && change.eModeCategory === undefined && !change.parameter.startsWith('eMode') && titleAsset ? { ...change, asset: titleAsset } : change))
    .map((change) => ceilingAsWritten(change, `${title}\n${description}`));
  const tables = [...tabled, ...(tabled.length === 0 ? linesOfSpecification(description, titleAsset, payloadMarkets) : [])];
  // The assets a title names ("Freeze wstETH on Plasma") are the ones the shape changes; the market is the payloads' when they run on one.
  const titleMarkets = found?.market ? [found.market] : payloadMarkets.length > 0 ? payloadMarkets : [marketOfName(title)];
  const titleAssets = found ? symbolsOfTitle(title) : [];
  // "Deprecation of Long-tail Assets" names none: the shape falls on the assets its tables change, on
  // their markets, and for a freeze, deprecation or offboarding only where the stated changes take
  // that shape's own step there (withdrawsUse); an asset whose rows there move only rates or the
  // reserve factor (LUSD on Arbitrum in that text) keeps those changes and no shape the body does not state.
  const tableAssets = [...new Map(tables.filter((change) => change.asset !== undefined && (!found || !WITHDRAWING.has(found.to) || withdrawsUse(change, tables))).map((change) => [`${change.market}|${change.asset}`, change])).values()];
  const tablesNameAssets = tables.some((change) => change.asset !== undefined);
  const subjects: { market?: string; asset?: string }[] =
    titleAssets.length > 0 ? titleMarkets.flatMap((market) => titleAssets.map((asset) => ({ market, asset }))) : tablesNameAssets ? tableAssets : titleMarkets.map((market) => ({ market }));
  // "DPI has been frozen across all Aave instances" (FullDeprecationOfDPIAcrossAaveDeployments): a
  // later step of a deprecation changes no shape; the body's stated changes are what it does.
  const listing: ParameterChange[] = found
    ? subjects.filter(({ asset }) => !(asset && WITHDRAWING.has(found.to) && alreadyWithdrawn(asset, description))).map(({ market, asset }) => ({
        protocol: 'aave',
        ...(market && { market }),
        ...(asset && { asset }),
        parameter: 'listing',
        to: found.to,
        unit: 'state' as const,
        evidence: found.evidence,
        verified: false,
      }))
    : [];
  const changes = [...listing, ...tables].map(onChainSymbol).map(notingUnserved);
  const changeType: ChangeType | undefined = listing.length > 0 ? 'shape' : tables.length > 0 ? 'parameter' : undefined;
  return { changes, ...(changeType && { changeType }) };
}

/**
 * A Specification section with no table states its changes in lines ("- Base Variable Rate: 6.25%",
 * "Update the Liquidation Protocol Fee from 0% to 10% for SyrupUSDC on Aave V3 Base Instance"): the
 * asset is the one symbol the line names, else the title's; the market the one the line names, else
 * the payloads'.
 */
function linesOfSpecification(description: string, titleAsset: string | undefined, payloadMarkets: string[]): ParameterChange[] {
  return specificationLines(description).flatMap(({ parameter, unit, from, to, line }) => {
    const symbols = [...new Set(line.split(/[\s,;:()]+/).map((word) => word.replace(/[.]+$/, '')).filter(looksLikeSymbol))];
    const asset = symbols.length === 1 ? symbols[0] : symbols.length === 0 ? titleAsset : undefined;
    if (!asset) return [];
    const named = marketOf({}, [line], payloadMarkets);
    const markets = Array.isArray(named) ? named : named ? [named] : [undefined];
    return markets.map((market) => ({
      protocol: 'aave',
      ...(market && { market }),
      asset,
      parameter,
      ...(from !== undefined && { from }),
      to,
      unit,
      evidence: `body specification line ${line}`,
      verified: false,
    }));
  });
}

/** The shapes that take an asset out of use, as against listing or migrating one. */
const WITHDRAWING = new Set(['deprecated', 'offboarded', 'frozen', 'delisted']);

/**
 * Whether the body's changes take this asset out of use on this market: its LTV to 0. That is the
 * step every Aave v3 deprecation takes on a collateral (Chaos Labs' and the ACI's deprecation
 * recommendations, e.g. DeprecationOfLongTailAssets and DeprecationOfLowDemandVolatileAssets,
 * 2025), and the one a freeze itself takes since 3.2 (PoolConfigurator.setReserveFreeze zeroes the
 * LTV). A text cannot state a freeze in a table; a title that names the asset states it.
 */
const withdrawsUse = (change: ParameterChange, tables: ParameterChange[]): boolean =>
  tables.some((other) => other.market === change.market && other.asset?.toLowerCase() === change.asset?.toLowerCase() && other.parameter === 'ltv' && other.to === 0);

/**
 * A debt ceiling a text cuts to $0, as the payload writes it. Aave v3 reads a ceiling of 0 as "not
 * isolated" (PoolConfigurator.setDebtCeiling: 0 resets the isolated debt, and a collateral that has
 * suppliers cannot be isolated again), so $0 means one of two things and the text says which: where
 * it takes the asset out of isolation ("remove FRAX from isolation mode", "Remove USDe Debt
 * Ceiling"), the payload writes 0 (RemoveFraxFromIsolationModeOnAaveV3Mainnet_20241105); where the
 * asset stays isolated and new isolated borrowing is to stop, the config engine's smallest ceiling,
 * $1 (CollateralEngine writes whole USD: DeprecationOfLongTailAssets_20250715 sets `debtCeiling: 1`
 * for SNX and EURS, whose text says $0).
 */
function ceilingAsWritten(change: ParameterChange, text: string): ParameterChange {
  // Only a cut of a ceiling the text says the asset has: 0 for an asset with none (a listing's "Debt Ceiling | USD 0") is "not isolated".
  if (change.parameter !== 'debtCeiling' || change.to !== 0 || !(typeof change.from === 'number' && change.from > 0) || !change.asset || liftsIsolation(change.asset, text)) return change;
  return { ...change, to: 1, evidence: `${change.evidence} ($0 read as the $1 ceiling Aave writes to stop new isolated borrowing; 0 would lift isolation)` };
}

const LIFT = /\b(remov|lift|eliminat|exit)\w*\b[^.\n]{0,60}\b(isolation|debt ceiling)|\bno (debt )?ceiling\b|\bisolation[- ]mode\b[^.\n]{0,40}\b(no|false|disabled|removed)\b/i;

const ALREADY = /\b(has|have) (already )?been (frozen|deprecated|offboarded|paused)\b|\b(is|are|was|were) already (frozen|deprecated|offboarded|paused)\b|\b(remains?|stays?|is still|are still) (frozen|deprecated|offboarded|paused)\b/i;

/** Whether a sentence of the body naming the asset says it is frozen or deprecated already. */
const alreadyWithdrawn = (asset: string, text: string): boolean => sentencesNaming(asset, text).some((sentence) => ALREADY.test(sentence));

/** Whether a line of the text that names the asset takes it out of isolation mode. */
const liftsIsolation = (asset: string, text: string): boolean => sentencesNaming(asset, text).some((sentence) => LIFT.test(sentence));

/** The lines and sentences of a text that name the asset as a word. */
function sentencesNaming(asset: string, text: string): string[] {
  const named = new RegExp(`(^|[^A-Za-z0-9])${asset.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z0-9])`, 'i');
  return text.split(/\n|(?<=\.)\s/).filter((sentence) => named.test(sentence));
}

/**
 * The symbol a reserve answers on-chain, which positions carry, where texts write another: Aave v3
 * lists no ETH reserve (a text's ETH is WETH); some networks' USDT answers USD₮0 or USD₮; bridged
 * USDC, which texts write USDC.e on Arbitrum, Optimism and Polygon, answers USDC there, as does
 * Gnosis' USD//C (the published diffs name them so). Where bridged and native USDC both answer
 * USDC, a change names both: only the reserve's address could tell them apart, and texts give none.
 */
function onChainSymbol(change: ParameterChange): ParameterChange {
  const asset = change.asset === undefined ? undefined : (SYMBOLS[change.market ?? '']?.[change.asset] ?? (change.asset === 'ETH' ? 'WETH' : undefined));
  return asset ? { ...change, asset } : change;
}
const SYMBOLS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'aave-v3-arbitrum': { USDT: 'USD₮0', 'USDC.e': 'USDC' },
  'aave-v3-optimism': { 'USDC.e': 'USDC' },
  'aave-v3-polygon': { 'USDC.e': 'USDC' },
  'aave-v2-polygon': { 'USDC.e': 'USDC' },
  'aave-v3-gnosis': { 'USD//C': 'USDC' },
  'aave-v3-celo': { USDT: 'USD₮' },
};

/** The markets scans read positions in (the address book's, on every chain an upstream serves). */
const SERVED: ReadonlySet<string> = new Set(AAVE_MARKETS.map((entry) => entry.market));

/** A change on a market no scan reads keeps its market (so it lands on no account's) and says so. */
function notingUnserved(change: ParameterChange): ParameterChange {
  return change.market && !SERVED.has(change.market) ? { ...change, evidence: `${change.evidence} (market ${change.market}: not served)` } : change;
}

/** Symbols a title names: "Freeze wstETH on Plasma" → wstETH; "Sunset stMATIC on Polygon Instance" → stMATIC. */
function symbolsOfTitle(title: string): string[] {
  return title
    .split(/[\s,/]+/)
    .map((word) => word.replace(/^[("']+|[)"':.]+$/g, ''))
    .filter((word) => /^[A-Za-z][A-Za-z0-9.\-]*$/.test(word) && !TITLE_WORDS.has(word.toUpperCase()))
    .filter((word) => {
      const capitals = word.replace(/[^A-Z]/g, '').length;
      return capitals >= 2 || (/^[a-z]/.test(word) && capitals >= 1);
    });
}
const TITLE_WORDS = new Set(['UOPTIMAL', 'UOPT', 'PT', 'AAVE', 'V2', 'V3', 'ARFC', 'AIP', 'LTV', 'LT', 'LB', 'RF', 'DAO', 'BGD', 'TEMP', 'CHECK', 'USD', 'OP', 'BNB', 'EMODE', 'E-MODE']);

/** "AaveV2Ethereum_AaveV2DeprecationUpdate_20250925" → "aave-v2-ethereum", "AaveV3EthereumLido_…" → "aave-v3-ethereum-lido": the market the payload runs on. */
function marketOfPayload(name: string): string | undefined {
  const match = /^AaveV(\d)(Ethereum(?=Lido|EtherFi|Horizon))?([A-Z][A-Za-z]*)_/.exec(name);
  if (!match) return undefined;
  return `aave-v${match[1]}-${match[2] ? 'ethereum-' : ''}${match[3]!.toLowerCase()}`;
}

/** Payload contract names linked from the body (`/Name.sol`; tests end in .t.sol and do not match). */
const payloadNamesOf = (markdown: string): string[] => [
  ...new Set([...markdown.matchAll(/\/([A-Za-z0-9_]+)\.sol\b/g)].map((match) => match[1]!)),
];

/** "AaveV2Ethereum_FullDeprecationOfDPI_20250925" → "Aave V2 Ethereum Full Deprecation Of DPI 20250925". */
const wordsOf = (name: string): string => name.replace(/_/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2');

/**
 * The markets a table row applies to, as the exposure side names markets (`aave-v3-ethereum`): those
 * the row or its headings name (marketOfTableRow); else every market the proposal's payloads run
 * on, since a table with no place in a text with payloads on four networks is applied by all four.
 */
function marketOf(context: Record<string, string>, above: string[], payloadMarkets: string[]): string | string[] | undefined {
  const named = marketOfTableRow(context, above);
  if (Array.isArray(named) && payloadMarkets.length > 0) return named.filter((market) => payloadMarkets.includes(market));
  return named ?? (payloadMarkets.length > 0 ? payloadMarkets : undefined);
}
