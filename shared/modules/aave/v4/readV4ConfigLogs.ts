import { type Abi, type Address, decodeFunctionResult, encodeFunctionData, type PublicClient } from 'viem';
import { type EvmReader, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { type RecentLog, readRecentLogs } from '../../../upstream/clients/readRecentLogs.js';
import { UpstreamError, upstreamMalformed } from '../../../upstream/errors.js';
import { payloadsControllerEvents } from '../stewards/stewardEvents.js';
import { configEventsAbi, hubAbi, spokeAbi } from './abi.js';
import { type V4ConfigChain, watchedV4Addresses } from './v4ConfigChains.js';

/** What the window's events need named: a spoke's reserve and a hub's asset by symbol, and the spokes drawing on a hub asset. */
export interface V4ConfigNames {
  /** `spoke:reserveId` (lower-case spoke) → symbol. */
  reserves: ReadonlyMap<string, string>;
  /** `hub:assetId` (lower-case hub) → symbol. */
  hubAssets: ReadonlyMap<string, string>;
  /** `hub:assetId` → the spokes listed on it. */
  hubAssetSpokes: ReadonlyMap<string, readonly Address[]>;
}

export interface V4ConfigRead {
  chain: V4ConfigChain;
  head: bigint;
  headTimestamp: bigint;
  /** Oldest first. */
  logs: RecentLog[];
  names: V4ConfigNames;
}

export const reserveKey = (spoke: string, reserveId: unknown): string => `${spoke.toLowerCase()}:${String(reserveId)}`;
export const hubAssetKey = (hub: string, assetId: unknown): string => `${hub.toLowerCase()}:${String(assetId)}`;

const SPOKE_RESERVE_EVENTS = new Set(['AddReserve', 'UpdateReserveConfig', 'AddDynamicReserveConfig', 'UpdateDynamicReserveConfig']);
const events = [...configEventsAbi.filter((item) => item.type === 'event'), ...payloadsControllerEvents];

/**
 * One chain's 30-day window of Aave v4 configuration events (readRecentLogs: two HTTP requests),
 * then, only when the window holds some, the names they need, at the head block, in one Multicall3
 * round on the chain's shared reader (a second for a rate or asset config change, to list the spokes on its hub asset):
 * Spoke.getReserve(reserveId).underlying, Hub.getAssetUnderlyingAndDecimals(assetId), and
 * Hub.getSpokeCount / getSpokeAddress. Symbols are the address book's; an asset it does not name
 * keeps its address. Any failure rejects the whole read (the source keeps its last good items).
 *
 * @throws UpstreamError
 */
export async function readV4ConfigLogs(client: PublicClient, reader: EvmReader, chain: V4ConfigChain, signal?: AbortSignal): Promise<V4ConfigRead> {
  const window = await readRecentLogs(client, { upstream: chain.upstream, chainId: chain.chainId, addresses: watchedV4Addresses(chain), events, lookbackBlocks: chain.lookbackBlocks, logChunkBlocks: chain.logChunkBlocks });
  const symbols = chain.spokes[0]?.symbols ?? {};
  const symbolOf = (underlying: string) => symbols[underlying.toLowerCase()] ?? underlying;
  const blockNumber = window.head;
  const spokeReserves = new Map<string, [Address, bigint]>();
  const hubAssets = new Map<string, [Address, bigint]>();
  const rateAssets = new Map<string, [Address, bigint]>();
  for (const log of window.logs) {
    if (SPOKE_RESERVE_EVENTS.has(log.eventName)) spokeReserves.set(reserveKey(log.address, log.args.reserveId), [log.address, log.args.reserveId as bigint]);
    if (log.eventName === 'UpdateSpokeConfig') hubAssets.set(hubAssetKey(log.address, log.args.assetId), [log.address, log.args.assetId as bigint]);
    // A rate or an asset config reaches every spoke listing the hub asset: those spokes are asked too.
    if (log.eventName === 'UpdateInterestRateData' || log.eventName === 'UpdateAssetConfig') {
      const entry: [Address, bigint] = [log.eventName === 'UpdateAssetConfig' ? log.address : (log.args.hub as Address), log.args.assetId as bigint];
      hubAssets.set(hubAssetKey(...entry), entry);
      rateAssets.set(hubAssetKey(...entry), entry);
    }
  }
  const ask = async <T>(calls: readonly { target: Address; abi: Abi; functionName: string; args: readonly unknown[] }[]): Promise<T[]> => {
    if (calls.length === 0) return [];
    const results = await reader.read(
      calls.map(({ target, abi, functionName, args }) => ({ target, callData: encodeFunctionData({ abi, functionName, args } as never) })),
      { blockNumber, signal },
    );
    return calls.map(({ abi, functionName, args }, index) => {
      const what = `${functionName}(${args.join(', ')})`;
      try {
        return decodeFunctionResult({ abi, functionName, data: expectSuccess(results[index], what, chain.upstream) } as never) as T;
      } catch (error) {
        throw error instanceof UpstreamError ? error : upstreamMalformed(chain.upstream, error);
      }
    });
  };
  const rateEntries = [...rateAssets.values()];
  const answers = await ask<unknown>([
    ...[...spokeReserves.values()].map(([spoke, reserveId]) => ({ target: spoke, abi: spokeAbi as Abi, functionName: 'getReserve', args: [reserveId] })),
    ...[...hubAssets.values()].map(([hub, assetId]) => ({ target: hub, abi: hubAbi as Abi, functionName: 'getAssetUnderlyingAndDecimals', args: [assetId] })),
    ...rateEntries.map(([hub, assetId]) => ({ target: hub, abi: hubAbi as Abi, functionName: 'getSpokeCount', args: [assetId] })),
  ]);
  const reserves = answers.slice(0, spokeReserves.size) as { underlying: Address }[];
  const assets = answers.slice(spokeReserves.size, spokeReserves.size + hubAssets.size) as (readonly [Address, number])[];
  const counts = answers.slice(spokeReserves.size + hubAssets.size) as bigint[];
  // A hub lists a handful of spokes per asset; a count past this is no answer a hub gives.
  if (counts.some((count) => count > 1_000n)) throw upstreamMalformed(chain.upstream, new Error('a hub asset counts more than 1,000 spokes'));
  const listed = await ask<Address>(rateEntries.flatMap(([hub, assetId], index) => Array.from({ length: Number(counts[index]) }, (_, at) => ({ target: hub, abi: hubAbi as Abi, functionName: 'getSpokeAddress', args: [assetId, BigInt(at)] }))));
  let at = 0;
  const spokesOfRates = rateEntries.map((_, index) => listed.slice(at, (at += Number(counts[index]))));
  return {
    chain,
    ...window,
    names: {
      reserves: new Map([...spokeReserves.keys()].map((key, index) => [key, symbolOf(reserves[index]!.underlying)])),
      hubAssets: new Map([...hubAssets.keys()].map((key, index) => [key, symbolOf(assets[index]![0])])),
      hubAssetSpokes: new Map(rateEntries.map(([hub, assetId], index) => [hubAssetKey(hub, assetId), spokesOfRates[index]!])),
    },
  };
}
