import type { Upstreams } from '../../upstream/upstreams.js';
import { PAYLOAD_STATES, type PayloadState, payloadsControllerAbi } from './abi.js';
import { PAYLOAD_CHAINS } from './payloadChains.js';
import { readOnChain } from './readOnChain.js';
import type { ProposalPayload } from './types.js';

export type PayloadRead = NonNullable<ProposalPayload['onChain']>;

/** A payload's identity across chains. */
export const payloadKey = (payload: Pick<ProposalPayload, 'chainId' | 'payloadsController' | 'payloadId'>): string =>
  `${payload.chainId}:${payload.payloadsController.toLowerCase()}:${payload.payloadId}`;

export interface ReadRemotePayloadsParameters {
  upstreams: Upstreams;
  /** Payloads off Ethereum; those on chains without an upstream (PAYLOAD_CHAINS) are skipped. */
  payloads: readonly Pick<ProposalPayload, 'chainId' | 'payloadsController' | 'payloadId'>[];
  signal?: AbortSignal;
}

/**
 * The state of payloads on other chains, from their PayloadsControllers (getPayloadById): one
 * batched request per chain, eth_chainId included. A chain that fails (down, slow, wrong chain,
 * malformed) leaves its payloads unread, a payload its node cannot answer leaves that one unread,
 * and neither rejects: those proposals stay `passed`, as before anything was read there, and the
 * rest of the source stands. Only the caller's abort propagates.
 */
export async function readRemotePayloads({ upstreams, payloads, signal }: ReadRemotePayloadsParameters): Promise<Map<string, PayloadRead>> {
  const byChain = new Map<number, Map<string, ReadRemotePayloadsParameters['payloads'][number]>>();
  for (const payload of payloads) {
    if (!PAYLOAD_CHAINS[payload.chainId]) continue;
    const chain = byChain.get(payload.chainId) ?? new Map();
    chain.set(payloadKey(payload), payload);
    byChain.set(payload.chainId, chain);
  }
  const perChain = await Promise.all([...byChain].map(([chainId, unique]) => readChain(upstreams, chainId, [...unique.values()], signal)));
  return new Map(perChain.flat());
}

function readChain(upstreams: Upstreams, chainId: number, payloads: ReadRemotePayloadsParameters['payloads'], signal: AbortSignal | undefined): Promise<[string, PayloadRead][]> {
  return readOnChain(upstreams, PAYLOAD_CHAINS[chainId]!, signal, async (client) => {
    // One payload the node cannot answer leaves only that one unread.
    const reads = await Promise.allSettled(
      payloads.map((payload) =>
        client.readContract({ address: payload.payloadsController as `0x${string}`, abi: payloadsControllerAbi, functionName: 'getPayloadById', args: [payload.payloadId] }),
      ),
    );
    return payloads.flatMap((payload, index): [string, PayloadRead][] => {
      const read = reads[index]!;
      if (read.status === 'rejected') return [];
      const { state, queuedAt, executedAt, delay } = read.value;
      return [[payloadKey(payload), { state: (PAYLOAD_STATES[state] ?? 'None') as PayloadState, queuedAt, executedAt, delay }]];
    });
  });
}
