import { type Abi, decodeFunctionData, encodeFunctionResult, type Hex, toFunctionSelector } from 'viem';
import { MULTICALL3, multicall3Abi } from '../../shared/upstream/clients/ethereumReader.js';
import type { FetchFn } from '../../shared/upstream/upstreamFetch.js';

/*
 * The one stand-in EVM node of the tests: it answers JSON-RPC (eth_chainId, eth_calls, plain or
 * through Multicall3's aggregate3, decoded with the real ABIs, eth_getLogs, eth_getBlockByNumber of
 * the head) from a plain state, and keeps every exchange as the replay server's fixture format wants it. Used to
 * ENCODE recordings (real values in, real ABI encodings out) and, for synthetic test vectors only,
 * in tests. logNode.ts builds its log scenarios on it.
 */

/** One inner call of an aggregate3, decoded. */
export interface InnerCall {
  target: string;
  functionName: string;
  args: readonly unknown[];
  block: string;
}

/** A log as eth_getLogs returns it (the fields a node sends). */
export interface RpcLog {
  address: Hex;
  topics: Hex[];
  data: Hex;
  blockNumber: Hex;
  logIndex: Hex;
  /** Absent where a recording's source does not give it (left out rather than invented). */
  transactionIndex?: Hex;
  transactionHash: Hex | null;
  blockHash?: Hex | null;
  removed: boolean;
}

export interface FakeEvmState {
  chainId: Hex;
  /** The value an inner call returns (encoded with `abi`), or undefined to revert. Absent: eth_call is not served. */
  answer?(call: InnerCall): { abi: Abi; result: unknown } | undefined;
  /** A call's answer as it goes on the wire, for states that decode calls themselves (takes precedence over `answer`). */
  answerRaw?(target: Hex, callData: Hex): { success: boolean; returnData: Hex };
  logs?(filter: LogFilter): RpcLog[];
  /** What eth_getBlockByNumber answers (the head, whatever block is asked). Absent: not served. */
  block?(): Record<string, unknown>;
}

/** An eth_getLogs filter as viem sends it. */
export interface LogFilter {
  address?: Hex | Hex[];
  topics?: (Hex | Hex[] | null)[];
  fromBlock: Hex;
  toBlock: Hex;
}

export interface Exchange {
  request: { method: string; params?: unknown };
  response: Record<string, unknown>;
}

function decodeInner(abis: readonly Abi[], data: Hex): { functionName: string; args: readonly unknown[] } {
  const selector = data.slice(0, 10);
  for (const abi of abis) {
    const item = abi.find((entry) => entry.type === 'function' && toFunctionSelector(entry) === selector);
    if (!item) continue;
    const decoded = decodeFunctionData({ abi, data });
    return { functionName: decoded.functionName, args: (decoded.args ?? []) as readonly unknown[] };
  }
  throw new Error(`fake EVM node: no ABI decodes ${selector}`);
}

/** The node: a fetch for createUpstreams, and the exchanges it answered, in order. */
export function fakeEvmNode(abis: readonly Abi[], state: FakeEvmState) {
  const exchanges: Exchange[] = [];
  const all = [...abis, multicall3Abi as unknown as Abi];
  const answerCall = (target: Hex, callData: Hex, block: string): { success: boolean; returnData: Hex } => {
    if (state.answerRaw) return state.answerRaw(target, callData);
    const decoded = decodeInner(all, callData);
    const found = state.answer!({ target, ...decoded, block });
    if (!found) return { success: false, returnData: '0x' as Hex };
    return { success: true, returnData: encodeFunctionResult({ abi: found.abi, functionName: decoded.functionName, result: found.result } as never) };
  };
  const answerOne = (call: { id?: unknown; method: string; params?: unknown[] }): Record<string, unknown> => {
    let result: unknown;
    if (call.method === 'eth_chainId') result = state.chainId;
    else if (call.method === 'eth_getBlockByNumber' && state.block) result = state.block();
    else if (call.method === 'eth_call' && (state.answer || state.answerRaw)) {
      const [tx, block] = call.params as [{ to: Hex; data: Hex }, string];
      if (tx.to.toLowerCase() === MULTICALL3.toLowerCase()) {
        const { args } = decodeFunctionData({ abi: multicall3Abi, data: tx.data });
        const inner = (args[0] as readonly { target: Hex; callData: Hex }[]).map(({ target, callData }) => answerCall(target, callData, block));
        result = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: inner });
      } else {
        // A source that reads one view per eth_call (Compound's governors): a revert there is a JSON-RPC error, not served here.
        const answered = answerCall(tx.to, tx.data, block);
        if (!answered.success) throw new Error(`fake EVM node: the eth_call to ${tx.to} reverts`);
        result = answered.returnData;
      }
    } else if (call.method === 'eth_getLogs') {
      const [filter] = call.params as [LogFilter];
      result = state.logs?.(filter) ?? [];
    } else throw new Error(`fake EVM node: ${call.method} is not served`);
    const response = { jsonrpc: '2.0', result };
    exchanges.push({ request: { method: call.method, params: call.params }, response });
    return { ...response, id: call.id };
  };
  const fetch: FetchFn = async (_input, init) => {
    const body = JSON.parse(String(init?.body)) as unknown;
    const answer = Array.isArray(body) ? body.map((call) => answerOne(call as never)) : answerOne(body as never);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, exchanges };
}
