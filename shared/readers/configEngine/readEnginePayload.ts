import { BaseError, decodeFunctionResult, encodeFunctionData, ExecutionRevertedError, type Hex, parseAbi, type PublicClient } from 'viem';
import { type DecodedEngineView, decodeEngineView } from './decodeEngineView.js';
import { CORE_VIEWS, ENGINE_LAYOUTS, ENGINE_VIEWS } from './engineLayouts.js';

/** The probes: the payload base's engine immutable (LISTING_ENGINE in era A, as sparkdotfi/spark-spells payloads still name it) and its pool context. */
const probeAbi = parseAbi([
  'function CONFIG_ENGINE() view returns (address)',
  'function LISTING_ENGINE() view returns (address)',
  'struct PoolContext { string networkName; string networkAbbreviation; }',
  'function getPoolContext() view returns (PoolContext)',
]);

/**
 * What a payload contract is: a config-engine payload with its decoded views (the symbols its new
 * listings name, and the network its pool context names, when it has one); `custom` when it names
 * no engine or lacks the views every engine payload has (a generic executor, a v4 payload);
 * `unrecognised` when a view's bytes fit no known layout (a newer engine than this reader).
 */
export type EnginePayloadRead =
  | { kind: 'engine'; engine: string; networkName?: string; views: DecodedEngineView[]; symbols: Record<string, string> }
  | { kind: 'custom'; engine?: string }
  | { kind: 'unrecognised'; engine: string };

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

/**
 * Reads one payload contract's probes and views by eth_call (13 calls: CONFIG_ENGINE,
 * LISTING_ENGINE, getPoolContext and the ten views, in the same tick, so a batched client sends
 * them in one request and a recording answers each alone). Undefined when the node failed a call
 * (not a revert): the caller asks again next build.
 *
 * @example const read = await readEnginePayload(ethereumClient(upstream, signal), payload);
 */
export async function readEnginePayload(client: PublicClient, target: string): Promise<EnginePayloadRead | undefined> {
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
  const networkName = networkNameOf(poolContext);
  return { kind: 'engine', engine, ...(networkName !== undefined && { networkName }), views: decoded, symbols: listed };
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

/** Reserves the views name besides new listings (which carry their own symbol). Pure. */
export const assetsOfEngineViews = (views: readonly DecodedEngineView[]): string[] =>
  views.flatMap(({ view, entries }) =>
    view === 'newListings' || view === 'newListingsCustom'
      ? []
      : entries.flatMap((entry) => [...(typeof entry.asset === 'string' ? [entry.asset] : []), ...((entry.collaterals as string[] | undefined) ?? [])]),
  );
