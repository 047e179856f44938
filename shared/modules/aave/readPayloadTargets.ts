import type { PublicClient } from 'viem';
import { erc20SymbolAbi } from '../../upstream/clients/erc20Symbol.js';
import type { Upstream } from '../../upstream/upstreams.js';
import { assetsOfEngineViews, readEnginePayload } from '../../readers/configEngine/readEnginePayload.js';
import { KNOWN_SYMBOLS } from './exposure/deployment.js';
import { marketOfPool } from './marketOfPool.js';
import { readV4PayloadViews } from './v4/payloadViews.js';
import type { TargetRead } from './types.js';

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
  const unnamed = known.flatMap(([, found]) => (found.kind === 'engine' ? assetsOfEngineViews(found.views).filter((asset) => !(asset.toLowerCase() in found.symbols)) : []));
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

/** A target read with the shared config-engine reader, its pool context's network as this source's market. */
async function readTarget(client: PublicClient, chainId: number, target: string): Promise<TargetRead | undefined> {
  const read = await readEnginePayload(client, target);
  // A CONFIG_ENGINE without the v3 views may be an Aave v4 payload: its own views are asked in a second request.
  if (read?.kind === 'custom' && read.engine) {
    const v4 = await readV4PayloadViews(client, target);
    return v4 === undefined ? undefined : v4 === null ? read : { kind: 'v4', engine: read.engine, views: v4 };
  }
  if (read?.kind !== 'engine') return read;
  const { networkName, ...engine } = read;
  return { ...engine, market: marketOfPool(chainId, networkName) };
}

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
