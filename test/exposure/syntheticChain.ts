import { type Abi, decodeFunctionData, encodeAbiParameters, encodeFunctionResult, type Hex, toEventSelector, toFunctionSelector } from 'viem';
import { multicall3Abi, MULTICALL3 } from '../../shared/upstream/clients/ethereumReader.js';
import type { FetchFn } from '../../shared/upstream/upstreamFetch.js';

/*
 * A stand-in Ethereum node for tests of request COUNTS and aggregation only: it answers eth_chainId,
 * Multicall3 aggregate3 eth_calls (each inner call from `state`) and eth_getLogs, and remembers every
 * exchange so a test can serve them again from the replay server. Its values are synthetic test
 * vectors, never written to test/fixtures and never asserted as facts about a chain.
 */

export interface SyntheticState {
  /** Inner call → [abi, values] to encode, or undefined to revert. */
  answer(target: string, functionName: string, args: readonly unknown[], block: string): { abi: Abi; result: unknown } | undefined;
  /** eth_getLogs → logs (data and topics) for (address, topic0, from, to). */
  logs?(address: string, topic0: string, fromBlock: string, toBlock: string): { data: Hex; topics: Hex[]; blockNumber: Hex }[];
}

export interface RecordedExchange {
  request: { method: string; params?: unknown };
  response: Record<string, unknown>;
}

/** Each ABI's function selectors, computed once: a scan's round decodes hundreds of inner calls, and a failed decode is slow. */
const selectorsOf = new WeakMap<Abi, Set<string>>();
const hasSelector = (abi: Abi, selector: string): boolean => {
  let selectors = selectorsOf.get(abi);
  if (!selectors) selectorsOf.set(abi, (selectors = new Set(abi.filter((item) => item.type === 'function').map((item) => toFunctionSelector(item)))));
  return selectors.has(selector);
};

/** Decodes an inner call with any of `abis` (the first, in order, that has its selector). */
function decodeAny(abis: readonly Abi[], data: Hex): { abi: Abi; functionName: string; args: readonly unknown[] } {
  for (const abi of abis) {
    if (!hasSelector(abi, data.slice(0, 10))) continue;
    try {
      const decoded = decodeFunctionData({ abi, data });
      return { abi, functionName: decoded.functionName, args: (decoded.args ?? []) as readonly unknown[] };
    } catch {
      // not this ABI
    }
  }
  throw new Error(`synthetic chain: no ABI decodes ${data.slice(0, 10)}`);
}

/**
 * A request to a URL naming Base is answered as Base (eth_chainId 0x2105) and kept in
 * `baseExchanges`: every EVM scan also reads the morpho vaults on the base upstream, and a recording
 * of it is a fixture of its own.
 */
const isBaseUrl = (input: string | URL | Request): boolean => /base/i.test(new URL(input instanceof Request ? input.url : String(input)).host);

export function syntheticChain(abis: readonly Abi[], state: SyntheticState) {
  const exchanges: RecordedExchange[] = [];
  const baseExchanges: RecordedExchange[] = [];
  const answerCall = (call: { id?: unknown; method: string; params?: unknown[] }, onBase: boolean): Record<string, unknown> => {
    let result: unknown;
    if (call.method === 'eth_chainId') result = onBase ? '0x2105' : '0x1';
    else if (call.method === 'eth_call') {
      const [tx, block] = call.params as [{ to: string; data: Hex }, string];
      if (tx.to.toLowerCase() !== MULTICALL3.toLowerCase()) throw new Error('synthetic chain: only Multicall3 is called');
      const { args } = decodeFunctionData({ abi: multicall3Abi, data: tx.data });
      const inner = (args[0] as readonly { target: string; callData: Hex }[]).map(({ target, callData }) => {
        const decoded = decodeAny([...abis, multicall3Abi as unknown as Abi], callData);
        const found = state.answer(target, decoded.functionName, decoded.args, block);
        if (!found) return { success: false, returnData: '0x' as Hex };
        return { success: true, returnData: encodeFunctionResult({ abi: found.abi, functionName: decoded.functionName, result: found.result } as never) };
      });
      result = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: inner });
    } else if (call.method === 'eth_getLogs') {
      const [filter] = call.params as [{ address: string; topics: string[]; fromBlock: string; toBlock: string }];
      result = (state.logs?.(filter.address, filter.topics[0]!, filter.fromBlock, filter.toBlock) ?? []).map((log, index) => ({
        address: filter.address,
        ...log,
        logIndex: `0x${index.toString(16)}`,
        transactionIndex: '0x0',
        transactionHash: `0x${'00'.repeat(32)}`,
        blockHash: `0x${'00'.repeat(32)}`,
        removed: false,
      }));
    } else throw new Error(`synthetic chain: ${call.method} is not served`);
    const response = { jsonrpc: '2.0', result };
    (onBase ? baseExchanges : exchanges).push({ request: { method: call.method, params: call.params }, response });
    return { ...response, id: call.id };
  };
  const fetch: FetchFn = async (input, init) => {
    const body = JSON.parse(String(init?.body)) as unknown;
    const onBase = isBaseUrl(input);
    const answer = Array.isArray(body) ? body.map((call) => answerCall(call as never, onBase)) : answerCall(body as never, onBase);
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, exchanges, baseExchanges };
}

/** A TokenRebased log body, for a synthetic holder's APR. */
export const tokenRebasedLog = (values: readonly bigint[], reportTimestamp: bigint, blockNumber: bigint) => ({
  data: encodeAbiParameters(
    values.map(() => ({ type: 'uint256' })),
    values,
  ),
  topics: [toEventSelector('TokenRebased(uint256,uint256,uint256,uint256,uint256,uint256,uint256)'), encodeAbiParameters([{ type: 'uint256' }], [reportTimestamp])],
  blockNumber: `0x${blockNumber.toString(16)}` as Hex,
});
