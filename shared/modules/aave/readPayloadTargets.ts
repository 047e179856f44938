import { BaseError, decodeFunctionResult, encodeFunctionData, ExecutionRevertedError, type Hex, parseAbi, type PublicClient } from 'viem';
import { erc20SymbolAbi } from '../../upstream/clients/erc20Symbol.js';
import type { Upstream } from '../../upstream/upstreams.js';
import { type DecodedEngineView, decodeEngineView } from '../../readers/configEngine/decodeEngineView.js';
import { CORE_VIEWS, ENGINE_LAYOUTS, ENGINE_VIEWS } from '../../readers/configEngine/engineLayouts.js';
import { KNOWN_SYMBOLS } from './exposure/deployment.js';
import { marketOfPool } from './marketOfPool.js';
import type { TargetRead } from './types.js';

/** The probes: AaveV3Payload's engine immutable (LISTING_ENGINE in era A) and its pool context. */
const probeAbi = parseAbi([
  'function CONFIG_ENGINE() view returns (address)',
  'function LISTING_ENGINE() view returns (address)',
  'struct PoolContext { string networkName; string networkAbbreviation; }',
  'function getPoolContext() view returns (PoolContext)',
]);

export interface ReadPayloadTargetsParameters {
  /** A batched client of the payloads' chain: every call of one round shares one request. */
  client: PublicClient;
  chainId: number;
  /** The chain's upstream: what was read is kept per upstream, as the IPFS texts are. */
  upstream: Upstream;
  /** Delegatecall targets of the payloads' actions. */
  targets: readonly string[];
  signal?: AbortSignal;
}

/**
 * What each payload contract is, from its own views (eth_call on its chain): one batched request
 * for every target not read before (CONFIG_ENGINE, LISTING_ENGINE, getPoolContext and the ten
 * views), and one more for the symbols of updated reserves that neither the payload nor
 * KNOWN_SYMBOLS names. A payload contract's code and its pure views never change, so a target is
 * read once per process; a later build asks nothing. A target the node cannot answer (an error
 * that is not a revert) is left out and asked again next build; this never rejects but on the
 * caller's abort.
 */
export async function readPayloadTargets({ client, chainId, upstream, targets, signal }: ReadPayloadTargetsParameters): Promise<Map<string, TargetRead>> {
  const cache = cacheOf(targetCaches, upstream);
  // Keyed lower-case; asked as the payload names it (a recording matches the address as sent).
  const asNamed = new Map(targets.map((target) => [target.toLowerCase(), target]));
  const wanted = [...asNamed.keys()];
  const unread = wanted.filter((target) => !cache.has(target));
  const read = await Promise.all(unread.map((target) => readTarget(client, chainId, asNamed.get(target)!)));
  signal?.throwIfAborted();
  unread.forEach((target, index) => {
    if (read[index]) cache.set(target, read[index]);
  });
  if (cache.size > MAX_CACHED) for (const key of [...cache.keys()].slice(0, cache.size - MAX_CACHED)) cache.delete(key);
  const known = wanted.flatMap((target) => (cache.has(target) ? [[target, cache.get(target)!] as const] : []));
  // Symbols are kept apart from the targets: one that could not be read is asked again next build.
  const unnamed = known.flatMap(([, found]) => (found.kind === 'engine' ? assetsOf(found.views).filter((asset) => !(asset.toLowerCase() in found.symbols)) : []));
  const symbols = await readSymbols(client, chainId, upstream, unnamed);
  signal?.throwIfAborted();
  return new Map(known.map(([target, found]) => [target, found.kind === 'engine' ? { ...found, symbols: { ...symbols, ...found.symbols } } : found]));
}

/** Far more than the payload contracts of the newest proposals; the oldest entry goes first. */
const MAX_CACHED = 500;
const targetCaches = new WeakMap<Upstream, Map<string, TargetRead>>();
const symbolCaches = new WeakMap<Upstream, Map<string, string>>();

function cacheOf<T>(caches: WeakMap<Upstream, Map<string, T>>, upstream: Upstream): Map<string, T> {
  const cache = caches.get(upstream) ?? new Map<string, T>();
  caches.set(upstream, cache);
  return cache;
}

type Answer = { data: Hex } | { reverted: true } | undefined;

/** One call: its data, a revert, or undefined when the node failed for any other reason. */
async function answer(client: PublicClient, to: string, data: Hex): Promise<Answer> {
  try {
    const result = await client.call({ to: to as `0x${string}`, data });
    return { data: result.data ?? '0x' };
  } catch (error) {
    return error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError) ? { reverted: true } : undefined;
  }
}

async function readTarget(client: PublicClient, chainId: number, target: string): Promise<TargetRead | undefined> {
  const probe = (functionName: 'CONFIG_ENGINE' | 'LISTING_ENGINE' | 'getPoolContext') => answer(client, target, encodeFunctionData({ abi: probeAbi, functionName }));
  const [configEngine, listingEngine, poolContext, ...views] = await Promise.all([
    probe('CONFIG_ENGINE'),
    probe('LISTING_ENGINE'),
    probe('getPoolContext'),
    ...ENGINE_VIEWS.map((view) => answer(client, target, encodeFunctionData({ abi: [ENGINE_LAYOUTS[view][0]!.abi], functionName: view }))),
  ]);
  if ([configEngine, listingEngine, poolContext, ...views].some((found) => found === undefined)) return undefined;
  const engine = addressOf(configEngine) ?? addressOf(listingEngine);
  if (!engine) return { kind: 'custom' };
  // Views a base of its era lacks revert (no eMode views before 3.0.2, no creations before 3.4); the core ones never do.
  if (ENGINE_VIEWS.some((view, index) => CORE_VIEWS.includes(view) && !('data' in views[index]!))) return { kind: 'custom', engine };
  const decoded: DecodedEngineView[] = [];
  for (const [index, view] of ENGINE_VIEWS.entries()) {
    const found = views[index]!;
    if (!('data' in found)) continue;
    const entries = decodeEngineView(view, found.data);
    if (!entries) return { kind: 'unrecognised', engine };
    if (entries.entries.length > 0) decoded.push(entries);
  }
  const listed = Object.fromEntries(
    decoded.flatMap(({ view, entries }) =>
      view === 'newListings' || view === 'newListingsCustom'
        ? entries.map((entry) => {
            const listing = (view === 'newListings' ? entry : entry.base) as Record<string, unknown>;
            return [String(listing.asset).toLowerCase(), String(listing.assetSymbol)];
          })
        : [],
    ),
  );
  return { kind: 'engine', engine, market: marketOfPool(chainId, networkNameOf(poolContext)), views: decoded, symbols: listed };
}

/** The address a probe answered; undefined for a revert or no code (an empty answer). */
function addressOf(found: Answer): string | undefined {
  if (!found || !('data' in found) || found.data.length !== 66) return undefined;
  const address = decodeFunctionResult({ abi: probeAbi, functionName: 'CONFIG_ENGINE', data: found.data });
  return /^0x0{40}$/i.test(address) ? undefined : address;
}

function networkNameOf(found: Answer): string | undefined {
  if (!found || !('data' in found)) return undefined;
  try {
    return decodeFunctionResult({ abi: probeAbi, functionName: 'getPoolContext', data: found.data }).networkName;
  } catch {
    return undefined;
  }
}

/** Reserves the views name besides new listings (which carry their own symbol). */
const assetsOf = (views: readonly DecodedEngineView[]): string[] =>
  views.flatMap(({ view, entries }) =>
    view === 'newListings' || view === 'newListingsCustom'
      ? []
      : entries.flatMap((entry) => [...(typeof entry.asset === 'string' ? [entry.asset] : []), ...((entry.collaterals as string[] | undefined) ?? [])]),
  );

/** Symbols of `assets`: KNOWN_SYMBOLS on Ethereum, those read before, and one batched round of symbol() for the rest. */
async function readSymbols(client: PublicClient, chainId: number, upstream: Upstream, assets: readonly string[]): Promise<Record<string, string>> {
  const cache = cacheOf(symbolCaches, upstream);
  const known = (asset: string) => (chainId === 1 ? KNOWN_SYMBOLS[asset] : undefined) ?? cache.get(asset);
  const wanted = [...new Set(assets.map((asset) => asset.toLowerCase()))];
  const unknown = wanted.filter((asset) => known(asset) === undefined);
  const read = await Promise.all(
    unknown.map((asset) =>
      client.readContract({ address: asset as `0x${string}`, abi: erc20SymbolAbi, functionName: 'symbol' }).then(
        (symbol) => symbol || undefined,
        () => undefined,
      ),
    ),
  );
  unknown.forEach((asset, index) => {
    if (read[index]) cache.set(asset, read[index]);
  });
  return Object.fromEntries(wanted.flatMap((asset) => (known(asset) ? [[asset, known(asset)!]] : [])));
}
