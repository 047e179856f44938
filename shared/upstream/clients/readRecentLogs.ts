import type { Abi, AbiEvent, Address, Hex, PublicClient } from 'viem';
import type { UpstreamId } from '../endpoints.js';
import { upstreamMalformed } from '../errors.js';
import { verifyEvmChain } from './ethereumChain.js';
import { logRanges } from './logRanges.js';

/** One decoded log of a recent window, as plain data. */
export interface RecentLog {
  address: Address;
  eventName: string;
  args: Record<string, unknown>;
  blockNumber: bigint;
  logIndex: number;
  transactionHash: Hex;
  /** The block's time, unix seconds, where the node gives it (eth_getLogs' blockTimestamp, geth 1.16+). */
  blockTimestamp?: bigint;
}

export interface RecentLogsParameters {
  upstream: UpstreamId;
  /** eth_chainId as CHAINS writes it: another chain fails the read. */
  chainId: string;
  addresses: readonly Address[];
  events: readonly AbiEvent[] | Abi;
  /** How many blocks back from the head, the head included. */
  lookbackBlocks: bigint;
  /** The widest range one eth_getLogs asks (public endpoints cap it). */
  logChunkBlocks: bigint;
}

export interface RecentLogsReturnType {
  head: bigint;
  headTimestamp: bigint;
  /** Oldest first. */
  logs: RecentLog[];
}

/**
 * A recent window of a chain's logs in two rounds, each one HTTP request through viem's batch:
 * 1. eth_chainId and eth_getBlockByNumber('latest'): the head's number and time;
 * 2. eth_getLogs of every address and event, one filter, over the window in ranges of `logChunkBlocks`.
 * Any failure rejects the whole read (a source then keeps its last good items).
 *
 * @throws UpstreamError
 * @example const { head, logs } = await readRecentLogs(client, { upstream: 'ethereum', chainId: '0x1', addresses, events, lookbackBlocks: 216_000n, logChunkBlocks: 72_000n });
 */
export async function readRecentLogs(client: PublicClient, parameters: RecentLogsParameters): Promise<RecentLogsReturnType> {
  const { upstream } = parameters;
  const [, block] = await Promise.all([verifyEvmChain(client, upstream, parameters.chainId), client.getBlock({ blockTag: 'latest' })]);
  if (block.number === null || typeof block.timestamp !== 'bigint') throw upstreamMalformed(upstream, new Error('the latest block has no number or time'));
  const head = block.number;
  const fromBlock = head > parameters.lookbackBlocks ? head - parameters.lookbackBlocks + 1n : 0n;
  const events = (parameters.events as Abi).filter((item): item is AbiEvent => item.type === 'event');
  const window = await readLogWindow(client, { upstream, address: parameters.addresses, events, fromBlock, head, chunkBlocks: parameters.logChunkBlocks });
  const logs = window.map((log): RecentLog => {
    if (log.transactionHash === undefined) throw upstreamMalformed(upstream, new Error('eth_getLogs answered a log without its transaction'));
    return { ...log, transactionHash: log.transactionHash };
  });
  return { head, headTimestamp: block.timestamp, logs };
}

/** A log of a window as eth_getLogs gave it, decoded; its transaction where the node named it. */
export type WindowLog = Omit<RecentLog, 'transactionHash'> & { transactionHash?: Hex };

export interface LogWindowParameters {
  upstream: UpstreamId;
  address: Address | readonly Address[];
  events: readonly AbiEvent[];
  fromBlock: bigint;
  head: bigint;
  /** The widest range one eth_getLogs asks (public endpoints cap it). */
  chunkBlocks: bigint;
}

/**
 * The logs of `events` on `address` from `fromBlock` to `head`, oldest first: every chunk's
 * eth_getLogs in the same tick (viem batches them into one HTTP request). The one window reader
 * under both head strategies (readRecentLogs here, readSystemHead's in shared/governance).
 *
 * @throws UpstreamError on a pending log
 */
export async function readLogWindow(client: PublicClient, { upstream, address, events, fromBlock, head, chunkBlocks }: LogWindowParameters): Promise<WindowLog[]> {
  const chunks = await Promise.all(
    logRanges(fromBlock, head, chunkBlocks).map(([from, to]) => client.getLogs({ address: address as Address | Address[], events: events as AbiEvent[], fromBlock: from, toBlock: to, strict: true })),
  );
  return chunks
    .flat()
    .map((log): WindowLog => {
      if (log.blockNumber === null || log.logIndex === null) throw upstreamMalformed(upstream, new Error('eth_getLogs answered a pending log'));
      const blockTimestamp = (log as { blockTimestamp?: bigint | null }).blockTimestamp;
      return {
        address: log.address,
        eventName: (log as { eventName: string }).eventName,
        args: (log as { args: unknown }).args as Record<string, unknown>,
        blockNumber: log.blockNumber,
        logIndex: log.logIndex,
        ...(log.transactionHash !== null && { transactionHash: log.transactionHash }),
        ...(typeof blockTimestamp === 'bigint' && { blockTimestamp }),
      };
    })
    .sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
}
