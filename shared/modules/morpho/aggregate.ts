import { type Address, decodeFunctionResult, type Hex, type PublicClient } from 'viem';
import { aggregateCallData, MULTICALL3, multicall3Abi, type EvmCall, type EvmResult } from '../../upstream/clients/ethereumReader.js';
import type { UpstreamId } from '../../upstream/endpoints.js';
import { upstreamMalformed } from '../../upstream/errors.js';

/**
 * One Multicall3 aggregate3 eth_call on any EVM chain (Multicall3 has the same address on every
 * chain, mds1/multicall3): the source's reads of a round in one call, each allowed to fail on its
 * own. The shared Ethereum reader serves exposures; a feed build on Base needs the same encoding on
 * another upstream, so it is reused here (aggregateCallData) rather than rewritten.
 *
 * @throws UpstreamError upstream_malformed when the answer does not decode to one result per call.
 */
export async function aggregate(client: PublicClient, upstream: UpstreamId, calls: readonly EvmCall[], blockNumber?: bigint): Promise<EvmResult[]> {
  if (calls.length === 0) return [];
  const answer = await client.call({ to: MULTICALL3, data: aggregateCallData(calls), ...(blockNumber !== undefined && { blockNumber }) });
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

/** A read that must succeed, or an upstream_malformed naming it: the node answered what the source cannot use. */
export function succeeded(upstream: UpstreamId, result: EvmResult | undefined, what: string): Hex {
  if (!result?.success) throw upstreamMalformed(upstream, new Error(`${what} reverted`));
  return result.returnData;
}

export const evmCall = (target: Address, callData: Hex): EvmCall => ({ target, callData });
