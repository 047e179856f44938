import type { ExposurePosition } from '../domain/position.js';
import { withDeadline } from '../upstream/withDeadline.js';
import { type ChainFailure, PartialPositions } from './partialPositions.js';
import type { ComponentContext } from './types.js';

/**
 * The share of the scan's module deadline (ComponentContext.deadlineMs) one chain may take: a chain
 * whose endpoint hangs is cut and reported alone while the others' answers are still on time.
 */
export const CHAIN_DEADLINE_SHARE = 0.9;

/**
 * A module's positions read chain by chain, every chain at once, each under its own deadline
 * (`chainDeadlineMs`, else CHAIN_DEADLINE_SHARE of the context's, else none). A chain that fails
 * never takes the others' positions with it: they are kept (PartialPositions, naming each failed
 * chain, so the scan reports the module degraded on that chain alone), and so is the part a chain
 * read before failing, when its reader throws a PartialPositions of its own (one of its markets
 * failed). Read on one chain only, its failure is the module's own.
 *
 * @example
 * const positions = await positionsOnChains(['ethereum', 'arbitrum'], (chain, signal) => readChain(chain, signal), context);
 */
export async function positionsOnChains<C extends string>(
  chains: readonly C[],
  readChain: (chain: C, signal: AbortSignal) => Promise<ExposurePosition[]>,
  context: ComponentContext,
  chainDeadlineMs?: number,
): Promise<ExposurePosition[]> {
  const deadlineMs = chainDeadlineMs ?? (context.deadlineMs === undefined ? undefined : Math.floor(context.deadlineMs * CHAIN_DEADLINE_SHARE));
  const read = (chain: C): Promise<ExposurePosition[]> =>
    deadlineMs === undefined ? readChain(chain, context.signal) : withDeadline(deadlineMs, (signal) => readChain(chain, signal), context.signal);
  const settled = await Promise.allSettled(chains.map(read));
  const partOf = (reason: unknown) => (reason instanceof PartialPositions ? reason : undefined);
  const positions = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : (partOf(result.reason)?.positions ?? [])));
  const failures = settled.flatMap((result, index): ChainFailure[] =>
    result.status === 'rejected' ? [{ chain: chains[index]!, cause: partOf(result.reason)?.cause ?? result.reason }] : [],
  );
  if (failures.length === 0) return positions;
  if (chains.length === 1) throw failures[0]!.cause;
  throw new PartialPositions(positions, failures[0]!.cause, failures);
}
