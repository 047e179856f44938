import type { Chain } from 'viem';
import type { ChainReading } from '../domain/chainReading.js';
import { hexChainId } from '../upstream/chainIdentity.js';
import { chainName } from '../upstream/chainNames.js';
import { aggregateCall, rethrowInNodesWords } from '../upstream/clients/aggregateCall.js';
import { roundCalls } from '../upstream/clients/ethereumReader.js';
import { verifyEvmChain } from '../upstream/clients/ethereumChain.js';
import { evmClient } from '../upstream/clients/ethereumClient.js';
import type { EvmCall, EvmResult } from '../upstream/clients/evmCall.js';
import { describeFailure } from '../upstream/describeFailure.js';
import type { Upstream } from '../upstream/upstreams.js';

/**
 * How one change's current value is read on an EVM chain: the views it calls and how their answers
 * (one per call, in order, every one of them successful) become the change's value in its unit; or,
 * said in words, why it is not read.
 */
export type CurrentValuePlan = { calls: readonly EvmCall[]; value: (results: readonly EvmResult[]) => ChainReading } | { notRead: string };

/** A reverted call's reading (a plan whose calls may revert by design tells it apart by this). */
export const REFUSED: { notRead: string } = { notRead: 'the contract refused the read' };

/**
 * Reads every plan's calls on one chain in one aggregate3 eth_call of its own (aggregateCall.ts: no
 * other module's reads join it, so a recorded feed build asks the same at every run), beside the
 * chain's eth_chainId, and turns each plan's answers into its reading. Each failure costs only what
 * it touches: a reverted call its own change ("the contract refused the read"), an answer that does
 * not decode its own change (said so), the chain failing the changes planned there ("could not be
 * read on <chain>"). Never throws.
 *
 * @example const readings = await readCurrentValuePlans(context.upstreams.ethereum, mainnet, plans, context.signal);
 */
export async function readCurrentValuePlans(upstream: Upstream, chain: Chain, plans: readonly CurrentValuePlan[], signal?: AbortSignal): Promise<ChainReading[]> {
  const calls = plans.flatMap((plan) => ('calls' in plan ? plan.calls : []));
  let results: EvmResult[] = [];
  try {
    if (calls.length > 0) {
      const client = evmClient(upstream, chain, signal);
      // The chain check fails in aggregateCall's words (a node's error in its own), not viem's.
      const checked = verifyEvmChain(client, upstream.id, hexChainId(chain.id)).catch(rethrowInNodesWords(upstream.id));
      [, results] = await Promise.all([checked, readCanonically((unique) => aggregateCall(client, upstream.id, unique), calls)]);
    }
  } catch (error) {
    // Named by the chain in words: the failure's own text may name an upstream, or only a library's error.
    const why = `could not be read on ${chainName(upstream.id)} (${describeFailure(error)})`;
    return plans.map((plan) => ('calls' in plan ? { notRead: why } : { notRead: plan.notRead }));
  }
  let next = 0;
  return plans.map((plan) => {
    if (!('calls' in plan)) return { notRead: plan.notRead };
    const own = results.slice(next, (next += plan.calls.length));
    return readingOf(plan, own);
  });
}

/** One plan's reading from its own answers: a refusal or an undecodable answer said in words, never thrown. */
export function readingOf(plan: Extract<CurrentValuePlan, { calls: readonly EvmCall[] }>, results: readonly EvmResult[]): ChainReading {
  if (results.some((result) => !result.success)) return REFUSED;
  try {
    return plan.value(results);
  } catch {
    return { notRead: 'the contract’s answer could not be decoded' };
  }
}

const keyOf = (call: EvmCall): string => `${call.target.toLowerCase()}:${call.callData.toLowerCase()}`;

/**
 * `calls` read as one request of their unique calls in a fixed order (roundCalls: by target, then
 * calldata), each answer handed back where it was asked: the request depends on what is read, never
 * on the order the feed lists its proposals, so a recording answers it at every run.
 */
export async function readCanonically(read: (calls: readonly EvmCall[]) => Promise<EvmResult[]>, calls: readonly EvmCall[]): Promise<EvmResult[]> {
  const unique = roundCalls([calls]);
  const results = await read(unique);
  const byKey = new Map(unique.map((call, index) => [keyOf(call), results[index]!]));
  return calls.map((call) => byKey.get(keyOf(call))!);
}
