import type { ExposurePosition } from '../domain/position.js';
import { setMaxListeners } from 'node:events';
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
  const settled = deadlineMs === undefined ? await Promise.allSettled(chains.map((chain) => readChain(chain, context.signal))) : await eachUnderDeadline(chains, readChain, deadlineMs, context.signal);
  const partOf = (reason: unknown) => (reason instanceof PartialPositions ? reason : undefined);
  const positions = settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : (partOf(result.reason)?.positions ?? [])));
  const failures = settled.flatMap((result, index): ChainFailure[] =>
    result.status === 'rejected' ? [{ chain: chains[index]!, cause: partOf(result.reason)?.cause ?? result.reason }] : [],
  );
  if (failures.length === 0) return positions;
  if (chains.length === 1) throw failures[0]!.cause;
  throw new PartialPositions(positions, failures[0]!.cause, failures);
}

/**
 * Each chain's read under its own deadline, all following the scan's signal through one signal of
 * the module's own: a listener per chain (withDeadline), which on 19 chains is past Node's warning
 * threshold of 10 by design, so the limit is raised on this signal alone, not the scan's.
 */
async function eachUnderDeadline<C extends string>(
  chains: readonly C[],
  readChain: (chain: C, signal: AbortSignal) => Promise<ExposurePosition[]>,
  deadlineMs: number,
  scan: AbortSignal,
): Promise<PromiseSettledResult<ExposurePosition[]>[]> {
  const module = new AbortController();
  setMaxListeners(chains.length + 1, module.signal);
  const follow = () => module.abort(scan.reason);
  if (scan.aborted) follow();
  else scan.addEventListener('abort', follow, { once: true });
  try {
    return await Promise.allSettled(chains.map((chain) => withDeadline(deadlineMs, (signal) => readChain(chain, signal), module.signal)));
  } finally {
    scan.removeEventListener('abort', follow);
  }
}
