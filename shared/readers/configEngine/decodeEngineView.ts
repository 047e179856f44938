import { decodeFunctionResult, encodeFunctionResult, type Hex } from 'viem';
import { ENGINE_LAYOUTS, type EngineLayout, type EngineView } from './engineLayouts.js';

/**
 * EngineFlags.KEEP_CURRENT (aave-v3-origin EngineFlags.sol): type(uint256).max - 42, "leave this
 * field as it is". The same value in every era.
 */
export const KEEP_CURRENT = 2n ** 256n - 1n - 42n;

/** One decoded view: the layout it was read with and its entries, as viem decodes the structs. */
export interface DecodedEngineView {
  view: EngineView;
  /** Undefined for an empty array, which every layout encodes alike. */
  layout?: EngineLayout;
  entries: readonly Record<string, unknown>[];
}

/** Fields that are EngineFlags booleans: ENABLED (1), DISABLED (0) or KEEP_CURRENT; the engine reverts on anything else. */
const FLAGS = new Set(['enabledToBorrow', 'flashloanable', 'stableRateModeEnabled', 'borrowableInIsolation', 'withSiloedBorrowing', 'borrowable', 'collateral', 'ltvzero', 'isolated']);
/** Fields in basis points of 100 % (liqBonus is the bonus alone); the engine rejects more. */
const BPS = new Set(['ltv', 'liqThreshold', 'liqBonus', 'liqProtocolFee', 'reserveFactor']);
const RAY = 10n ** 27n;

/**
 * A config-engine view's return data decoded with the one layout that fits it, or undefined when
 * none does or more than one does. Static structs are told apart by words per entry
 * (k = (bytes/32 − 2)/N); structs with strings or arrays by trying every layout and keeping those
 * whose decoding re-encodes to the very same bytes (solc's ABI encoding is canonical, so a layout
 * that skipped or shifted a word cannot) and whose values are in range: flags 0/1/KEEP_CURRENT,
 * bps ≤ 10000 or KEEP_CURRENT, eMode ids ≤ 255. A wrong layout would otherwise decode silently. Pure.
 */
export function decodeEngineView(view: EngineView, data: Hex): DecodedEngineView | undefined {
  const words = (data.length - 2) / 64;
  if (!Number.isInteger(words) || words < 2) return undefined;
  // An Entry[] return: the offset of the array (0x20), its length N, then the entries.
  if (BigInt(`0x${data.slice(2, 66)}`) !== 32n) return undefined;
  const count = BigInt(`0x${data.slice(66, 130)}`);
  if (count === 0n) return words === 2 ? { view, entries: [] } : undefined;
  if (count > BigInt(words)) return undefined;

  const layouts = ENGINE_LAYOUTS[view];
  const static_ = layouts.every((layout) => layout.words !== undefined);
  const perEntry = (words - 2) / Number(count);
  const candidates = static_ ? layouts.filter((layout) => layout.words === perEntry) : layouts;
  const fitting = candidates.flatMap((layout) => {
    const entries = decodeExactly(layout, data);
    return entries && entries.every((entry) => inRange(entry, layout)) ? [{ view, layout, entries }] : [];
  });
  return fitting.length === 1 ? fitting[0] : undefined;
}

/** The entries when `layout` decodes `data` and re-encodes it byte for byte; else undefined. */
function decodeExactly(layout: EngineLayout, data: Hex): Record<string, unknown>[] | undefined {
  try {
    const entries = decodeFunctionResult({ abi: [layout.abi], functionName: layout.abi.name, data }) as unknown as Record<string, unknown>[];
    const again = encodeFunctionResult({ abi: [layout.abi], functionName: layout.abi.name, result: entries as never });
    return again.toLowerCase() === data.toLowerCase() ? entries : undefined;
  } catch {
    return undefined;
  }
}

/** Every field of an entry (and of its nested structs) within the range the engine accepts. */
function inRange(value: Record<string, unknown>, layout: EngineLayout): boolean {
  return Object.entries(value).every(([field, member]) => {
    if (member !== null && typeof member === 'object' && !Array.isArray(member)) return inRange(member as Record<string, unknown>, layout);
    if (typeof member === 'boolean') return true;
    if (field === 'eModeCategory') return BigInt(member as number | bigint) <= 255n || member === KEEP_CURRENT;
    if (typeof member !== 'bigint' || member === KEEP_CURRENT) return true;
    if (FLAGS.has(field)) return member <= 1n;
    if (BPS.has(field)) return member <= 10_000n;
    if (field === 'optimalUsageRatio') return member <= (layout.rates === 'ray' ? RAY : 10_000n);
    return true;
  });
}
