/**
 * How many steps an actor may take within a horizon when each must wait `minDelaySeconds` after the
 * last: floor(horizon / delay) + 1, the first at once. The first is at once because the contracts
 * count the delay from the last change (aave-v3-risk-stewards RiskSteward._validateParamUpdate:
 * `block.timestamp - lastUpdated < minDelay` reverts; sp-beam SPBEAM.set: `block.timestamp >= tau + toc`),
 * and a change older than one delay (or none, lastUpdated 0) leaves the next step free now. Where the
 * time of the last change was read, `sinceLastSeconds` pushes the first step back. Pure.
 *
 * @example stepsWithin(7 * 86_400, 3 * 86_400) // 3: now, in 3 days, in 6 days
 */
export function stepsWithin(horizonSeconds: number, minDelaySeconds: number, sinceLastSeconds?: number): number {
  if (!(minDelaySeconds > 0)) throw new Error('a bound without a delay between steps bounds nothing');
  const firstAt = sinceLastSeconds === undefined ? 0 : Math.max(0, minDelaySeconds - sinceLastSeconds);
  if (firstAt > horizonSeconds) return 0;
  return Math.floor((horizonSeconds - firstAt) / minDelaySeconds) + 1;
}
