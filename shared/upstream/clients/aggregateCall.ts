import { BaseError, decodeFunctionResult, type Hex, type PublicClient, RpcError } from 'viem';
import type { UpstreamId } from '../endpoints.js';
import { UpstreamError, upstreamMalformed } from '../errors.js';
import { aggregateCallData, MULTICALL3, multicall3Abi } from './ethereumReader.js';
import type { EvmCall, EvmResult } from './evmCall.js';

/**
 * One Multicall3 aggregate3 eth_call on any EVM chain, on its own (Multicall3 has the same address on
 * every chain, mds1/multicall3): a round of reads, each allowed to fail on its own. Unlike the shared
 * reader's rounds (ethereumReader.ts), no other module's calls join it, so a feed build's request is
 * the same at every run, as a recording needs (a vault source, the current-value readers).
 *
 * @throws UpstreamError upstream_malformed when the answer does not decode to one result per call,
 *   upstream_error (with the node's message) on a JSON-RPC error answer.
 * @example const [timelock] = await aggregateCall(evmClient(upstreams.base, base), 'base', [call]);
 */
export async function aggregateCall(client: PublicClient, upstream: UpstreamId, calls: readonly EvmCall[], blockNumber?: bigint): Promise<EvmResult[]> {
  if (calls.length === 0) return [];
  const answer = await client.call({ to: MULTICALL3, data: aggregateCallData(calls), ...(blockNumber !== undefined && { blockNumber }) }).catch(rethrowInNodesWords(upstream));
  if (!answer.data) throw upstreamMalformed(upstream, new Error('Multicall3 aggregate3 returned no data'));
  let decoded: readonly { success: boolean; returnData: Hex }[];
  try {
    decoded = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: answer.data });
  } catch (error) {
    throw upstreamMalformed(upstream, error);
  }
  if (decoded.length !== calls.length) throw upstreamMalformed(upstream, new Error(`aggregate3 answered ${decoded.length} results for ${calls.length} calls`));
  return decoded.map((result) => ({ success: result.success, returnData: result.returnData }));
}

/**
 * How aggregateCall fails, for the viem calls sent beside it (readCurrentValuePlans' chain check): a
 * node's JSON-RPC error answer rethrown as upstream_error in the node's own words, since viem's
 * message (never shown) carries the endpoint's URL; anything else as it came (an HTTP failure
 * already holds our UpstreamError as its cause, which describeFailure finds).
 *
 * @example await client.getChainId().catch(rethrowInNodesWords('xlayer'));
 */
export const rethrowInNodesWords =
  (upstream: UpstreamId) =>
  (error: unknown): never => {
    const rpc = error instanceof BaseError ? error.walk((cause) => cause instanceof RpcError) : undefined;
    if (rpc instanceof RpcError) throw new UpstreamError('upstream_error', upstream, `JSON-RPC error ${rpc.code}: ${rpc.details.slice(0, 120)}`, { cause: error });
    throw error;
  };
