import type { Address, Hex } from 'viem';
import type { EvmCall, EvmResult } from '../../upstream/clients/evmCall.js';
import type { UpstreamId } from '../../upstream/endpoints.js';
import { upstreamMalformed } from '../../upstream/errors.js';

/** A read that must succeed, or an upstream_malformed naming it: the node answered what the source cannot use. */
export function succeeded(upstream: UpstreamId, result: EvmResult | undefined, what: string): Hex {
  if (!result?.success) throw upstreamMalformed(upstream, new Error(`${what} reverted`));
  return result.returnData;
}

export const evmCall = (target: Address, callData: Hex): EvmCall => ({ target, callData });
