import { type AbiEvent, type Address, decodeFunctionResult, encodeFunctionData, type Hex, hexToBigInt, type PublicClient } from 'viem';
import { MULTICALL3, multicall3Abi } from '../upstream/clients/ethereumReader.js';
import { readLogWindow, type WindowLog } from '../upstream/clients/readRecentLogs.js';
import type { UpstreamId } from '../upstream/endpoints.js';
import { upstreamMalformed } from '../upstream/errors.js';
import type { LogWindow } from './logChain.js';

/** One decoded log of a recent window (readLogWindow's), with the time of its block always there. */
export type RecentLog = Omit<WindowLog, 'blockTimestamp'> & {
  /** Unix seconds of its block. */
  blockTime: number;
};

/** The window's sizes carry LogWindow's names (logChain.ts), as the upstream reader's do (upstream/clients/readRecentLogs.ts). */
export interface ReadLogsToHeadParameters extends Pick<LogWindow, 'lookbackBlocks' | 'logChunkBlocks'> {
  client: PublicClient;
  /** The upstream the client reads, named in a malformed-answer error. */
  upstream: UpstreamId;
  address: Address | readonly Address[];
  events: readonly AbiEvent[];
  /** The block the window ends at: the caller's own read of the head (so a recording answers each system's head apart). */
  head: bigint;
}

/**
 * The logs of `events` on `address` over the `lookbackBlocks` blocks before `head` and `head` (a head the
 * caller read, readSystemHead's; upstream/clients/readRecentLogs reads its own), each with its block's time, in at most two
 * JSON-RPC rounds: every chunk's eth_getLogs in the same tick (viem batches them into one HTTP
 * request); then, only for logs whose node left out `blockTimestamp` (clients added it to
 * eth_getLogs in 2025), one eth_getBlockByNumber per distinct block, again in one batch. Any failed
 * call rejects the whole read (the feed build keeps the system's last good items).
 *
 * @throws UpstreamError
 */
export async function readLogsToHead({ client, upstream, address, events, head, lookbackBlocks, logChunkBlocks }: ReadLogsToHeadParameters): Promise<RecentLog[]> {
  // Not upstream/clients/readRecentLogs.ts, which reads the head itself (eth_getBlockByNumber) and counts it in the window: here the
  // head is the system's own (readSystemHead, with its views), and the window starts a block earlier, as these sources' recordings ask.
  const fromBlock = head > lookbackBlocks ? head - lookbackBlocks : 0n;
  const logs = await readLogWindow(client, { upstream, address, events, fromBlock, head, chunkBlocks: logChunkBlocks });
  const missing = [...new Set(logs.filter((log) => log.blockTimestamp === undefined).map((log) => log.blockNumber))];
  const headers = await Promise.all(missing.map((blockNumber) => client.getBlock({ blockNumber })));
  const timeOf = new Map(headers.map((header) => [header.number, header.timestamp]));
  return logs.map(({ blockTimestamp, ...log }): RecentLog => ({ ...log, blockTime: Number(blockTimestamp ?? timeOf.get(log.blockNumber) ?? 0n) }));
}

/** The head as one system reads it, with the views it asked beside it. */
export interface SystemHead {
  head: bigint;
  /** Unix seconds of the head block. */
  headTime: number;
  /** Each view's raw answer, in the order asked. */
  views: Hex[];
}

/**
 * The head's number and time, and a system's own views at that head, in one aggregate3 at 'latest'
 * (one eth_call): the views make each system's request its own, so a recording answers every
 * system's head apart, and what they read (a guardian's address, a timelock's delay) is of the
 * same block as the window. A failed view fails the read.
 *
 * @throws UpstreamError
 */
export async function readSystemHead(client: PublicClient, upstream: UpstreamId, views: readonly { target: Address; callData: Hex }[]): Promise<SystemHead> {
  const calls = [
    { target: MULTICALL3, allowFailure: false, callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getBlockNumber' }) },
    { target: MULTICALL3, allowFailure: false, callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getCurrentBlockTimestamp' }) },
    ...views.map((view) => ({ ...view, allowFailure: false })),
  ];
  // aggregate3 is payable, so not a readContract: a plain eth_call at 'latest', decoded.
  const { data } = await client.call({ to: MULTICALL3, data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [calls] }), blockTag: 'latest' });
  if (!data) throw upstreamMalformed(upstream, new Error('aggregate3 answered no data'));
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data });
  if (results.length !== calls.length) throw upstreamMalformed(upstream, new Error(`aggregate3 answered ${results.length} results for ${calls.length} calls`));
  const [head, headTime] = results.slice(0, 2).map(({ returnData }) => hexToBigInt(returnData));
  return { head: head!, headTime: Number(headTime!), views: results.slice(2).map(({ returnData }) => returnData) };
}
