import { type Abi, encodeAbiParameters, encodeEventTopics, type Hex, numberToHex, toEventSelector } from 'viem';
import { type FakeEvmState, fakeEvmNode } from './fakeEvmNode.js';

export type { Exchange } from './fakeEvmNode.js';

/*
 * Log scenarios for the stand-in EVM node (fakeEvmNode.ts): eth_chainId, eth_getBlockByNumber('latest')
 * and eth_getLogs (filtered by block range, address and topic0 as a node filters), answered from
 * plain events encoded with the real event ABIs.
 */

/** One event of the scenario, as its contract emitted it. */
export interface ScenarioEvent {
  address: Hex;
  abi: Abi;
  eventName: string;
  args: Record<string, unknown>;
  blockNumber: bigint;
  logIndex: number;
  transactionHash: Hex;
}

export interface ScenarioChain {
  chainId: Hex;
  head: bigint;
  /** Unix seconds of a block: the head's and every event's. */
  timeOf: (block: bigint) => bigint;
  events: readonly ScenarioEvent[];
}

/** An event as eth_getLogs returns it (with blockTimestamp, as geth 1.16+ sends it). Pure. */
export function rpcLog(event: ScenarioEvent, timeOf: (block: bigint) => bigint) {
  const item = event.abi.find((entry) => entry.type === 'event' && entry.name === event.eventName);
  if (!item || item.type !== 'event') throw new Error(`no event ${event.eventName}`);
  const topics = encodeEventTopics({ abi: [item], eventName: event.eventName, args: event.args } as never) as Hex[];
  const unindexed = item.inputs.filter((input) => !input.indexed);
  const data = encodeAbiParameters(unindexed, unindexed.map((input) => event.args[input.name!]));
  return {
    address: event.address.toLowerCase() as Hex,
    topics,
    data,
    blockNumber: numberToHex(event.blockNumber),
    blockHash: `0x${event.blockNumber.toString(16).padStart(64, '0')}` as Hex,
    blockTimestamp: numberToHex(timeOf(event.blockNumber)),
    transactionHash: event.transactionHash,
    transactionIndex: '0x0' as Hex,
    logIndex: numberToHex(event.logIndex),
    removed: false,
  };
}

/** The node: a fetch for createUpstreams, and the exchanges it answered, in order (fakeEvmNode serving the scenario's head and logs, and Multicall3 reads when `calls` answers them). */
export function logNode(chain: ScenarioChain, calls?: { abis: readonly Abi[]; answer: FakeEvmState['answer'] }) {
  return fakeEvmNode(calls?.abis ?? [], {
    chainId: chain.chainId,
    ...(calls && { answer: calls.answer }),
    block: () => headBlock(chain),
    logs: (filter) => {
      const addresses = filter.address === undefined ? undefined : new Set((Array.isArray(filter.address) ? filter.address : [filter.address]).map((address) => address.toLowerCase()));
      const topic0 = filter.topics?.[0];
      const wanted = topic0 === undefined || topic0 === null ? undefined : new Set((Array.isArray(topic0) ? topic0 : [topic0]).map((topic) => topic.toLowerCase()));
      const [from, to] = [BigInt(filter.fromBlock), BigInt(filter.toBlock)];
      return chain.events
        .filter((event) => event.blockNumber >= from && event.blockNumber <= to && (!addresses || addresses.has(event.address.toLowerCase())))
        .map((event) => rpcLog(event, chain.timeOf))
        .filter((log) => !wanted || wanted.has(log.topics[0]!.toLowerCase()))
        .sort((a, b) => Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)) || Number(BigInt(a.logIndex) - BigInt(b.logIndex)));
    },
  });
}

/** The head as eth_getBlockByNumber('latest', false) answers it: a post-merge header with no transactions listed. */
export function headBlock(chain: Pick<ScenarioChain, 'head' | 'timeOf'>) {
  const zero32 = `0x${'0'.repeat(64)}` as Hex;
  return {
    number: numberToHex(chain.head),
    hash: `0x${chain.head.toString(16).padStart(64, '0')}` as Hex,
    parentHash: `0x${(chain.head - 1n).toString(16).padStart(64, '0')}` as Hex,
    timestamp: numberToHex(chain.timeOf(chain.head)),
    nonce: '0x0000000000000000',
    difficulty: '0x0',
    totalDifficulty: '0xc70d815d562d3cfa955',
    gasLimit: numberToHex(45_000_000n),
    gasUsed: numberToHex(15_000_000n),
    baseFeePerGas: numberToHex(1_000_000_000n),
    miner: '0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97',
    extraData: '0x',
    logsBloom: `0x${'0'.repeat(512)}`,
    mixHash: zero32,
    receiptsRoot: zero32,
    sha3Uncles: '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347',
    stateRoot: zero32,
    transactionsRoot: zero32,
    size: '0x200',
    transactions: [],
    uncles: [],
    withdrawals: [],
    withdrawalsRoot: zero32,
  };
}

/** topic0 of an event, for tests that count what a filter asks. */
export const topicOf = (abi: Abi, name: string): Hex => toEventSelector(abi.find((entry) => entry.type === 'event' && entry.name === name) as never);
