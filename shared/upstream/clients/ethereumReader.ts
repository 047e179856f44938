import { type AbiEvent, type Address, type Chain, encodeEventTopics, encodeFunctionData, formatLog, type Hex, numberToHex, parseEventLogs, type RpcLog } from 'viem';
import { mainnet } from 'viem/chains';
import { assertChain, hexChainId } from '../chainIdentity.js';
import { abortable } from '../abortable.js';
import type { UpstreamId } from '../endpoints.js';
import { upstreamMalformed } from '../errors.js';
import type { Upstream } from '../upstreams.js';
import { wordAt } from './abiWords.js';

// readSkyVaults.ts reads a word by position through the reader's module; the helper lives in abiWords.ts.
export { wordAt } from './abiWords.js';
import { decodeAggregate3, encodeAggregate3 } from './aggregate3Codec.js';
import { type JsonRpcBatcher, jsonRpcBatcher } from './jsonRpcBatcher.js';
import type { EvmCall, EvmResult } from './evmCall.js';

/** Multicall3, the same address on every chain (mds1/multicall3 README; positions.md §4). */
export const MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/** The Multicall3 functions the reader uses (mds1/multicall3 src/Multicall3.sol). */
export const multicall3Abi = [
  {
    type: 'function',
    name: 'aggregate3',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'allowFailure', type: 'bool' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    outputs: [
      {
        name: 'returnData',
        type: 'tuple[]',
        components: [
          { name: 'success', type: 'bool' },
          { name: 'returnData', type: 'bytes' },
        ],
      },
    ],
  },
  { type: 'function', name: 'getBlockNumber', stateMutability: 'view', inputs: [], outputs: [{ name: 'blockNumber', type: 'uint256' }] },
  { type: 'function', name: 'getCurrentBlockTimestamp', stateMutability: 'view', inputs: [], outputs: [{ name: 'timestamp', type: 'uint256' }] },
] as const;

export type { EvmCall, EvmResult } from './evmCall.js';

export interface ReadOptions {
  /** Read at this block; 'latest' when absent. Dependent reads pin the block the first round saw. */
  blockNumber?: bigint;
  signal?: AbortSignal;
}

/**
 * Reads for every module of the process on one EVM upstream, aggregated: the calls that any module
 * asks for within one short window and at the same block become ONE `aggregate3` eth_call, and the
 * rounds at different blocks that are due together share one HTTP request (viem's JSON-RPC batch).
 * So a scan whose EVM modules' exposures run in parallel costs one HTTP request per upstream for
 * their first reads and one for the reads that depend on them, however many calls they make.
 */
export interface EvmReader {
  read(calls: readonly EvmCall[], options?: ReadOptions): Promise<EvmResult[]>;
  /**
   * One contract's logs of one event over a block range. Logs cannot go through Multicall3; they
   * are sent in the same window as the rounds, so they share the round's HTTP request.
   */
  logs(filter: LogFilter, signal?: AbortSignal): Promise<RawLog[]>;
}

/** The Ethereum reader is an EvmReader bound to mainnet; the name stays for its many callers. */
export type EthereumReader = EvmReader;

export interface LogFilter {
  address: Address;
  /** The event: its topic0 filters the logs; the caller decodes them. */
  event: AbiEvent;
  fromBlock: bigint;
  /** 'latest' lets the logs ride with a first round, whose block is not known yet. */
  toBlock: bigint | 'latest';
}

/** A log as eth_getLogs returns it, for decodeEventLog. */
export interface RawLog {
  data: Hex;
  topics: [Hex, ...Hex[]] | [];
  blockNumber: bigint | null;
}

export interface EthereumReaderOptions {
  /**
   * How long the first call of a round waits for others (ms). The scan loads modules lazily, so the
   * three exposures start a few milliseconds apart; a short window still puts them in one request.
   */
  windowMs?: number;
}

interface Waiting {
  calls: readonly EvmCall[];
  /** The caller's; the round's HTTP request stops once every caller's signal has aborted (postJsonRpc.ts). */
  signal: AbortSignal | undefined;
  resolve(results: EvmResult[]): void;
  reject(error: unknown): void;
}

/** A call's identity inside a round: the same read asked by two modules is sent once. */
const keyOf = (call: EvmCall): string => `${call.target.toLowerCase()}:${call.callData.toLowerCase()}`;

/**
 * The calls of one round, unique and in a fixed order (target, then calldata), so the request does
 * not depend on which module asked first: the replay server can then answer it. Pure.
 */
export function roundCalls(batches: readonly (readonly EvmCall[])[]): EvmCall[] {
  return planRound(batches).calls;
}

/**
 * roundCalls, with each batch's calls as positions in them, every key worked out once: a round
 * holds hundreds of calls, and keying, sorting and looking them up again cost a visible share of
 * an uncached scan's CPU (bench/scanCpu.ts). A plain sort of the keys orders them as `<` does.
 */
function planRound(batches: readonly (readonly EvmCall[])[]): { calls: EvmCall[]; positions: number[][] } {
  const keys = batches.map((calls) => calls.map(keyOf));
  const unique = new Map<string, EvmCall>();
  batches.forEach((calls, batch) => calls.forEach((call, index) => unique.set(keys[batch]![index]!, call)));
  const sorted = [...unique.keys()].sort();
  const positionOf = new Map<string, number>();
  const calls = sorted.map((key, index) => {
    positionOf.set(key, index);
    const call = unique.get(key)!;
    return { target: call.target, callData: call.callData };
  });
  return { calls, positions: keys.map((batch) => batch.map((key) => positionOf.get(key)!)) };
}

/** The `aggregate3` calldata of a round; every call may fail on its own (encoded by hand: aggregate3Codec.ts says why). Pure. */
export const aggregateCallData = (calls: readonly EvmCall[]): Hex => encodeAggregate3(calls);

/** One reader per upstream object, with the chain it was made for. */
const readers = new WeakMap<Upstream, { chainId: number; reader: EvmReader }>();

/**
 * The reader of an Ethereum upstream (evmReader on mainnet): one per upstream object, so every
 * module handed the same upstreams shares it (and its rounds). The first round of a scan (at
 * 'latest') also asks eth_chainId in the same HTTP request and fails with upstream_wrong_chain on
 * another chain.
 *
 * @example
 * const [balance] = await ethereumReader(services.upstreams.ethereum).read([{ target: token, callData }]);
 */
export function ethereumReader(upstream: Upstream, options: EthereumReaderOptions = {}): EthereumReader {
  return evmReader(upstream, mainnet, options);
}

/**
 * The reader of any EVM upstream, checked against `chain` (viem/chains: `base` for the base
 * upstream…): one per upstream object, like ethereumReader, whose rounds it shares when called on
 * the ethereum upstream with mainnet. Asking one upstream for two chains is a wiring mistake: an
 * upstream serves one chain, so the second ask throws rather than handing a reader whose chain
 * check would contradict the first.
 *
 * @example
 * const [balance] = await evmReader(services.upstreams.base, base).read([{ target: token, callData }]);
 */
export function evmReader(upstream: Upstream, chain: Chain, options: EthereumReaderOptions = {}): EvmReader {
  const existing = readers.get(upstream);
  if (existing) {
    if (existing.chainId !== chain.id) throw new Error(`the ${upstream.id} upstream's reader was made for chain ${existing.chainId}, not ${chain.id}`);
    return existing.reader;
  }
  const reader = createReader(upstream, chain, options.windowMs ?? 10);
  readers.set(upstream, { chainId: chain.id, reader });
  return reader;
}

function createReader(upstream: Upstream, chain: Chain, windowMs: number): EvmReader {
  const expectedChain = hexChainId(chain.id);
  // Multicall3 is at the same address almost everywhere; ZKsync Era's is elsewhere (viem/chains).
  const multicall = chain.contracts?.multicall3?.address ?? MULTICALL3;
  // JSON-RPC batching joins the eth_chainId, the rounds and the logs flushed in the same tick
  // (jsonRpcBatcher.ts: a lean POST, not viem's http transport, for the CPU it saves per request).
  const client = jsonRpcBatcher(upstream);
  const pending = new Map<string, Waiting[]>();
  let pendingLogs: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;

  // Everything due in the window is sent in one tick: viem's JSON-RPC batch makes it one request.
  const flushAll = (): void => {
    timer = undefined;
    const rounds = [...pending.entries()];
    const logs = pendingLogs;
    pending.clear();
    pendingLogs = [];
    for (const [block, waiting] of rounds) void sendRound(client, upstream, expectedChain, multicall, block, waiting);
    for (const send of logs) send();
  };

  return {
    logs(filter, signal) {
      signal?.throwIfAborted();
      const result = new Promise<RawLog[]>((resolve, reject) => {
        pendingLogs.push(() => {
          getLogs(client, filter, signal).then(resolve, reject);
        });
      });
      timer ??= setTimeout(flushAll, windowMs);
      return signal ? abortable(result, signal) : result;
    },
    read(calls, { blockNumber, signal } = {}) {
      if (calls.length === 0) return Promise.resolve([]);
      signal?.throwIfAborted();
      const block = blockNumber === undefined ? 'latest' : blockNumber.toString();
      const result = new Promise<EvmResult[]>((resolve, reject) => {
        const waiting = pending.get(block) ?? [];
        waiting.push({ calls, signal, resolve, reject });
        pending.set(block, waiting);
      });
      timer ??= setTimeout(flushAll, windowMs);
      return signal ? abortable(result, signal) : result;
    },
  };
}

/**
 * Inner calls per aggregate3. One wallet's scan needs about 80; concurrent scans share rounds, and a
 * public endpoint caps an eth_call's gas, so a busy round is split into several aggregate3 calls
 * (still one HTTP request).
 */
export const MAX_CALLS_PER_AGGREGATE = 400;

/** Sends one round as aggregate3 eth_calls and hands each module its own results, in its own order. */
async function sendRound(client: JsonRpcBatcher, upstream: Upstream, expectedChain: string, multicall: Address, block: string, waiting: Waiting[]): Promise<void> {
  try {
    const { calls, positions } = planRound(waiting.map((entry) => entry.calls));
    const latest = block === 'latest';
    const chunks = Array.from({ length: Math.ceil(calls.length / MAX_CALLS_PER_AGGREGATE) }, (_, index) =>
      calls.slice(index * MAX_CALLS_PER_AGGREGATE, (index + 1) * MAX_CALLS_PER_AGGREGATE),
    );
    // Several 'latest' eth_calls may land on different blocks (a load-balanced node, a block in
    // between): each chunk then also asks its block number, and chunks that disagree are read again
    // at the newest one, so a round is always one block.
    const guarded = latest && chunks.length > 1 ? chunks.map((chunk) => [...chunk, blockNumberCall]) : chunks;
    // A caller without a signal keeps the request going to its end.
    const callers = waiting.every((entry) => entry.signal) ? waiting.map((entry) => entry.signal!) : undefined;
    const [chainId, answers] = await Promise.allSettled([
      latest ? client.request('eth_chainId', [], callers) : Promise.resolve(undefined),
      readChunks(client, upstream, multicall, guarded, latest ? undefined : BigInt(block), callers),
    ]);
    // Another chain's answer is never used, whatever became of the calls themselves.
    if (chainId.status === 'rejected') throw chainId.reason;
    if (chainId.value !== undefined) assertChain(upstream.id, expectedChain, chainIdOf(chainId.value));
    if (answers.status === 'rejected') throw answers.reason;
    let answered = answers.value;
    if (guarded !== chunks) {
      const blocks = answered.map((results) => decodeUint(expectSuccess(results.at(-1), 'Multicall3.getBlockNumber')));
      const newest = blocks.reduce((a, b) => (a > b ? a : b));
      if (blocks.some((number) => number !== newest)) answered = await readChunks(client, upstream, multicall, chunks, newest, callers);
      else answered = answered.map((results) => results.slice(0, -1));
    }
    const results = answered.flat();
    // Each caller its own copies, in its own order.
    waiting.forEach((entry, index) =>
      entry.resolve(
        positions[index]!.map((at) => {
          const { success, returnData } = results[at]!;
          return { success, returnData };
        }),
      ),
    );
  } catch (error) {
    for (const entry of waiting) entry.reject(error);
  }
}

/** Each chunk as one aggregate3 eth_call (one HTTP request through the batch), at `blockNumber` or 'latest'. */
async function readChunks(
  client: JsonRpcBatcher,
  upstream: Upstream,
  multicall: Address,
  chunks: readonly EvmCall[][],
  blockNumber: bigint | undefined,
  callers: readonly AbortSignal[] | undefined,
): Promise<EvmResult[][]> {
  // A module's own Multicall3 reads (getBlockNumber) go to the chain's Multicall3.
  const onChain = (chunk: readonly EvmCall[]): readonly EvmCall[] =>
    multicall === MULTICALL3 ? chunk : chunk.map((call) => (call.target.toLowerCase() === MULTICALL3.toLowerCase() ? { ...call, target: multicall } : call));
  // A plain eth_call of Multicall3, as viem's client.request sent it.
  const block = blockNumber === undefined ? 'latest' : (`0x${blockNumber.toString(16)}` as const);
  const answers = await Promise.all(chunks.map((chunk) => client.request('eth_call', [{ to: multicall, data: aggregateCallData(onChain(chunk)) }, block], callers)));
  return answers.map((answer, index) => {
    if (typeof answer !== 'string' || answer === '0x') throw upstreamMalformed(upstream.id, new Error('Multicall3 aggregate3 returned no data'));
    try {
      return decodeAggregate3(answer as Hex, chunks[index]!.length);
    } catch (error) {
      throw upstreamMalformed(upstream.id, error);
    }
  });
}

/** eth_chainId's answer as CHAINS writes it (viem's getChainId read it as a number: leading zeros and case do not matter). */
const chainIdOf = (answer: unknown): string | undefined => (typeof answer === 'string' && /^0x[0-9a-fA-F]+$/.test(answer) ? hexChainId(Number.parseInt(answer, 16)) : undefined);

/**
 * eth_getLogs of one event, as viem's getLogs asks and reads it (the event's topic0; logs formatted,
 * then parsed against the event, strict off), kept to the fields callers decode.
 */
async function getLogs(client: JsonRpcBatcher, filter: LogFilter, signal: AbortSignal | undefined): Promise<RawLog[]> {
  const topics = encodeEventTopics({ abi: [filter.event], eventName: filter.event.name } as Parameters<typeof encodeEventTopics>[0]);
  const block = (value: bigint | 'latest') => (typeof value === 'bigint' ? numberToHex(value) : value);
  const logs = (await client.request('eth_getLogs', [{ address: filter.address, topics, fromBlock: block(filter.fromBlock), toBlock: block(filter.toBlock) }], signal && [signal])) as RpcLog[];
  return parseEventLogs({ abi: [filter.event], logs: logs.map((log) => formatLog(log)), strict: false }).map((log) => ({ data: log.data, topics: log.topics, blockNumber: log.blockNumber }));
}

/** Decodes a successful result, or throws naming the read that reverted (and the upstream that answered, ethereum unless said). */
export function expectSuccess(result: EvmResult | undefined, what: string, upstream: UpstreamId = 'ethereum'): Hex {
  // A read that must succeed and reverted: the node answered something the module cannot use.
  if (!result?.success) throw upstreamMalformed(upstream, new Error(`${what} reverted`));
  return result.returnData;
}

/** Multicall3's own block number, to pin later rounds to the block the first one saw. */
export const blockNumberCall: EvmCall = { target: MULTICALL3, callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getBlockNumber' }) };

/** Decodes a Multicall3 uint256 answer (getBlockNumber, getCurrentBlockTimestamp). Pure. */
export const decodeUint = (data: Hex): bigint => wordAt(data, 0);

