import type { Chain } from 'viem';
import type { ChainReading } from '../domain/chainReading.js';
import type { UpstreamId } from '../upstream/endpoints.js';
import type { Upstreams } from '../upstream/upstreams.js';
import { type CurrentValuePlan, readCurrentValuePlans } from './currentValuePlans.js';

/** One change's plan on the EVM chain that holds its value (the upstream and its viem chain), or why it is not read. */
export type ChainPlan = { upstream: UpstreamId; chain: Chain; plan: CurrentValuePlan } | { notRead: string };

/**
 * Reads plans that span chains: each chain's in one aggregate3 of its own (readCurrentValuePlans),
 * every chain at once, each reading back at its plan's place. A chain that fails costs only the
 * changes planned on it ("could not be read on <chain>"). Never throws.
 *
 * @example const readings = await readCurrentValuePlansByChain(context.upstreams, plans, context.signal);
 */
export async function readCurrentValuePlansByChain(upstreams: Upstreams, plans: readonly ChainPlan[], signal?: AbortSignal): Promise<ChainReading[]> {
  const readings: ChainReading[] = plans.map((plan) => ('notRead' in plan ? { notRead: plan.notRead } : { notRead: 'not read' }));
  const byChain = new Map<UpstreamId, { chain: Chain; at: number[] }>();
  plans.forEach((plan, index) => {
    if ('notRead' in plan) return;
    const group = byChain.get(plan.upstream) ?? byChain.set(plan.upstream, { chain: plan.chain, at: [] }).get(plan.upstream)!;
    group.at.push(index);
  });
  await Promise.all(
    [...byChain].map(async ([upstream, { chain, at }]) => {
      const read = await readCurrentValuePlans(upstreams[upstream], chain, at.map((index) => (plans[index] as Extract<ChainPlan, { plan: CurrentValuePlan }>).plan), signal);
      at.forEach((index, position) => (readings[index] = read[position]!));
    }),
  );
  return readings;
}
