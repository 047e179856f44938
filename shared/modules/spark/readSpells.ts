import { type Address, type Hex, type PublicClient } from 'viem';
import { readEnginePayload, type EnginePayloadRead } from '../../readers/configEngine/readEnginePayload.js';
import { verifyEthereumMainnet } from '../../upstream/clients/ethereumChain.js';
import { ethereumClient } from '../../upstream/clients/ethereumClient.js';
import { MULTICALL3, multicall3Abi } from '../../upstream/clients/ethereumReader.js';
import type { Upstream } from '../../upstream/upstreams.js';
import { SPARK_STAR_GUARD, STAR_GUARD_FROM_BLOCK, starGuardAbi, starGuardEvents } from './starGuard.js';

/** One payload the StarGuard plotted, as its logs, views and own code say. */
export interface SpellRead {
  address: Address;
  /** The codehash the executive plotted (Plot's tag): exec() runs only that code. */
  tag: Hex;
  plottedBlock: bigint;
  /** Unix seconds of the block of its latest Plot. */
  plottedAt?: number;
  /** Unix seconds after which exec() reverts "StarGuard/expired-spell" (its latest Plot's deadline). */
  deadline: number;
  executed: boolean;
  executedAt?: number;
  dropped: boolean;
  current: boolean;
  /** The payload's config-engine probe and views; absent when the node could not answer them. */
  payload?: EnginePayloadRead;
}

export interface StarGuardRead {
  /** Newest plotted first. */
  spells: SpellRead[];
}

type StarGuardLog = { eventName: 'Plot' | 'Exec' | 'Drop'; args: { addr: Address; tag?: Hex; deadline?: bigint }; blockNumber: bigint; logIndex: number };

/** Payload contracts never change: each is probed once per upstream. */
const payloadCaches = new WeakMap<Upstream, Map<string, EnginePayloadRead>>();

/**
 * Reads the Spark StarGuard's newest plotted payloads in two batched requests to Ethereum, every
 * element a plain eth_call or eth_getLogs (a recording answers each alone):
 * 1. eth_chainId; eth_getLogs of Plot, Exec and Drop since the StarGuard's deployment;
 *    spellData();
 * 2. per newest payload not read before: the config-engine probes and views
 *    (readEnginePayload: 13 eth_calls); per block of a Plot or Exec of those payloads,
 *    Multicall3.getCurrentBlockTimestamp() at that block.
 * Any failure rejects (the feed builder keeps the last good proposals).
 *
 * @throws UpstreamError
 */
export async function readStarGuardSpells({ ethereum, newest, signal }: { ethereum: Upstream; newest: number; signal?: AbortSignal }): Promise<StarGuardRead> {
  const client = ethereumClient(ethereum, signal);
  const [, logs, spellData] = await Promise.all([
    verifyEthereumMainnet(client),
    client.getLogs({ address: SPARK_STAR_GUARD, events: starGuardEvents, fromBlock: STAR_GUARD_FROM_BLOCK, toBlock: 'latest', strict: true }) as Promise<unknown> as Promise<StarGuardLog[]>,
    client.readContract({ address: SPARK_STAR_GUARD, abi: starGuardAbi, functionName: 'spellData' }),
  ]);
  const [currentAddress, currentTag] = spellData;
  const spells = spellsOf(logs, /^0x0+$/.test(currentTag) ? undefined : currentAddress).slice(0, newest);

  const cache = payloadCaches.get(ethereum) ?? new Map<string, EnginePayloadRead>();
  payloadCaches.set(ethereum, cache);
  const blocks = [...new Set(spells.flatMap((spell) => [spell.plottedBlock, ...(spell.executedBlock !== undefined ? [spell.executedBlock] : [])]))];
  const [payloads, times] = await Promise.all([
    Promise.all(spells.map((spell) => cache.get(spell.address.toLowerCase()) ?? readEnginePayload(client, spell.address))),
    Promise.all(blocks.map((blockNumber) => blockTimestamp(client, blockNumber))),
  ]);
  signal?.throwIfAborted();
  const timeOf = new Map(blocks.map((block, index) => [block, times[index]!]));
  return {
    spells: spells.map(({ executedBlock, ...spell }, index): SpellRead => {
      const payload = payloads[index];
      if (payload) cache.set(spell.address.toLowerCase(), payload);
      const plottedAt = timeOf.get(spell.plottedBlock);
      const executedAt = executedBlock !== undefined ? timeOf.get(executedBlock) : undefined;
      return { ...spell, ...(plottedAt !== undefined && { plottedAt }), ...(executedAt !== undefined && { executedAt }), ...(payload && { payload }) };
    }),
  };
}

/** A block's timestamp, from Multicall3 at that block (one plain eth_call). */
async function blockTimestamp(client: PublicClient, blockNumber: bigint): Promise<number> {
  return Number(await client.readContract({ address: MULTICALL3, abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp', blockNumber }));
}

/**
 * Each plotted payload's latest Plot and what followed it, newest first. Exec(addr) and Drop(addr)
 * count only after that Plot (a payload plotted again starts afresh). Pure.
 */
export function spellsOf(logs: readonly StarGuardLog[], current: Address | undefined): (Omit<SpellRead, 'plottedAt' | 'executedAt' | 'payload'> & { executedBlock?: bigint })[] {
  const ordered = [...logs].sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
  const byAddress = new Map<string, Omit<SpellRead, 'plottedAt' | 'executedAt' | 'payload'> & { executedBlock?: bigint }>();
  for (const log of ordered) {
    const key = log.args.addr.toLowerCase();
    if (log.eventName === 'Plot') {
      byAddress.delete(key);
      byAddress.set(key, { address: log.args.addr, tag: log.args.tag!, deadline: Number(log.args.deadline!), plottedBlock: log.blockNumber, executed: false, dropped: false, current: false });
      continue;
    }
    const spell = byAddress.get(key);
    if (!spell) continue;
    if (log.eventName === 'Exec') Object.assign(spell, { executed: true, executedBlock: log.blockNumber });
    else spell.dropped = true;
  }
  return [...byAddress.values()]
    .map((spell) => ({ ...spell, current: current !== undefined && spell.address.toLowerCase() === current.toLowerCase() && !spell.executed && !spell.dropped }))
    .sort((a, b) => (a.plottedBlock === b.plottedBlock ? 0 : a.plottedBlock > b.plottedBlock ? -1 : 1));
}
