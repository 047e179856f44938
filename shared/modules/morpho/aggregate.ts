import type { Address, Hex } from 'viem';
import type { EvmCall, EvmResult } from '../../upstream/clients/evmCall.js';
import type { UpstreamId } from '../../upstream/endpoints.js';
import { upstreamMalformed } from '../../upstream/errors.js';

/**
 * One Multicall3 aggregate3 eth_call on any EVM chain: the source's reads of a round in one call,
 * each allowed to fail on its own (shared/upstream/clients/aggregateCall.ts, where it moved so the
 * current-value readers of other modules read the same way).
 */
export { aggregateCall as aggregate } from '../../upstream/clients/aggregateCall.js';

/** A read that must succeed, or an upstream_malformed naming it: the node answered what the source cannot use. */
export function succeeded(upstream: UpstreamId, result: EvmResult | undefined, what: string): Hex {
  if (!result?.success) throw upstreamMalformed(upstream, new Error(`${what} reverted`));
  return result.returnData;
}

export const evmCall = (target: Address, callData: Hex): EvmCall => ({ target, callData });
