import type { ParameterBound } from './noVoteBounds.js';

/**
 * Where `steps` steps of a bound can take a value (bps), all in one direction: a value outside the
 * floor and ceiling is first brought inside (SP-BEAM measures a step from the clamped old rate,
 * sp-beam SPBEAM.set), then each step moves at most the largest step, never past the floor or
 * ceiling. An actor may also not act, so the result is never further than `from` in the other
 * direction: moving down never ends above `from`, moving up never below. Pure.
 *
 * @example boundedMove(8300, { largestStep: { kind: 'absolute', bps: 50 }, floorBps: 1 }, 3, 'down') // 8150
 */
export function boundedMove(from: number, bound: Pick<ParameterBound, 'largestStep' | 'floorBps' | 'ceilingBps'>, steps: number, direction: 'down' | 'up'): number {
  if (steps <= 0) return from;
  const floor = bound.floorBps ?? Number.NEGATIVE_INFINITY;
  const ceiling = bound.ceilingBps ?? Number.POSITIVE_INFINITY;
  const start = Math.min(ceiling, Math.max(floor, from));
  const sign = direction === 'down' ? -1 : 1;
  const moved = bound.largestStep.kind === 'absolute' ? start + sign * steps * bound.largestStep.bps : start * (1 + sign * bound.largestStep.share) ** steps;
  const held = Math.min(ceiling, Math.max(floor, moved));
  return direction === 'down' ? Math.min(from, held) : Math.max(from, held);
}

/**
 * How many of the `allowed` steps a move from `from` to `to` takes: an absolute step's count is the
 * distance over the step, rounded up (a floor may stop it sooner); a relative one takes them all
 * unless nothing moved. Pure.
 *
 * @example stepsTaken(450, 200, { largestStep: { kind: 'absolute', bps: 400 } }, 11) // 1
 */
export function stepsTaken(from: number, to: number, bound: Pick<ParameterBound, 'largestStep'>, allowed: number): number {
  if (to === from) return 0;
  if (bound.largestStep.kind === 'relative') return allowed;
  return Math.min(allowed, Math.ceil(Math.abs(to - from) / bound.largestStep.bps - 1e-9));
}
