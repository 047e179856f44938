import type { ChainReading } from '../domain/chainReading.js';
import { chainName } from '../upstream/chainNames.js';
import type { EvmReader, ReadOptions } from '../upstream/clients/ethereumReader.js';
import type { EvmCall, EvmResult } from '../upstream/clients/evmCall.js';
import { describeFailure } from '../upstream/describeFailure.js';

/**
 * How one change's current value is read on an EVM chain: the views it calls and how their answers
 * (one per call, in order, every one of them successful) become the change's value in its unit; or,
 * said in words, why it is not read.
 */
export type CurrentValuePlan = { calls: readonly EvmCall[]; value: (results: readonly EvmResult[]) => ChainReading } | { notRead: string };

const REFUSED: ChainReading = { notRead: 'the contract refused the read' };

/**
 * Reads every plan's calls on one chain in one aggregated read (the reader's aggregate3 round) and
 * turns each plan's answers into its reading. Each failure costs only what it touches: a reverted
 * call its own change ("the contract refused the read"), an answer that does not decode its own
 * change (said so), the chain failing the changes planned there ("could not be read on <chain>").
 * Never throws.
 *
 * @example const readings = await readCurrentValuePlans(ethereumReader(upstreams.ethereum), plans, 'ethereum', { signal });
 */
export async function readCurrentValuePlans(reader: EvmReader, plans: readonly CurrentValuePlan[], chain: string, options: ReadOptions = {}): Promise<ChainReading[]> {
  const calls = plans.flatMap((plan) => ('calls' in plan ? plan.calls : []));
  let results: EvmResult[];
  try {
    results = calls.length > 0 ? await reader.read(calls, options) : [];
    if (results.length !== calls.length) throw new Error(`${results.length} answers for ${calls.length} calls`);
  } catch (error) {
    // Named by the chain in words: the failure's own text may name an upstream, or only a library's error.
    const why = `could not be read on ${chainName(chain)} (${describeFailure(error)})`;
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
