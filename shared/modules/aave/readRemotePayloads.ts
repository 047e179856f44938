import type { Upstreams } from '../../upstream/upstreams.js';
import { PAYLOAD_STATES, type PayloadState, payloadsControllerAbi } from './abi.js';
import { PAYLOAD_CHAINS } from './payloadChains.js';
import { readOnChain } from './readOnChain.js';
import { actionsOf } from './actionsOf.js';
import { readPayloadTargets } from './readPayloadTargets.js';
import type { ProposalPayload } from './types.js';

/** A payload as its controller answers (state and times) and its actions, with what each target is when read. */
export type PayloadRead = Required<Pick<ProposalPayload, 'onChain' | 'actions'>>;

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
 * batched request per chain, eth_chainId included; then, on the same client, what each action's
 * target is (readPayloadTargets: one more request for targets not read before, one for unknown
 * symbols). A chain that fails (down, slow, wrong chain,
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
  const chain = PAYLOAD_CHAINS[chainId]!;
  return readOnChain(upstreams, chain, signal, async (client) => {
    // One payload the node cannot answer leaves only that one unread.
    const reads = await Promise.allSettled(
      payloads.map((payload) =>
        client.readContract({ address: payload.payloadsController as `0x${string}`, abi: payloadsControllerAbi, functionName: 'getPayloadById', args: [payload.payloadId] }),
      ),
    );
    const read = payloads.flatMap((payload, index) => {
      const found = reads[index]!;
      return found.status === 'fulfilled' ? [{ payload, value: found.value }] : [];
    });
    const actions = read.map(({ value }) => actionsOf(value.actions));
    const targets = await readPayloadTargets({
      client,
      chainId,
      upstream: upstreams[chain.upstream],
      targets: actions.flat().flatMap((action) => (action.delegateExecute ? [action.target] : [])),
      signal,
    });
    return read.map(({ payload, value }, index): [string, PayloadRead] => {
      const { state, queuedAt, executedAt, delay } = value;
      return [
        payloadKey(payload),
        {
          onChain: { state: (PAYLOAD_STATES[state] ?? 'None') as PayloadState, queuedAt, executedAt, delay },
          actions: actions[index]!.map((action) => ({ ...action, ...(action.delegateExecute && targets.has(action.target.toLowerCase()) && { read: targets.get(action.target.toLowerCase())! }) })),
        },
      ];
    });
  });
}
