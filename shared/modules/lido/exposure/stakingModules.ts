import type { StakingModuleFees } from '../calculators.js';

/** StakingRouter keeps module and treasury fees in basis points (TOTAL_BASIS_POINTS). */
const TOTAL_BASIS_POINTS = 10_000;

/** What the exposure needs of one StakingRouter module digest (getAllStakingModuleDigests). */
export interface StakingModuleDigestRead {
  state: { id: number; stakingModuleFee: number; treasuryFee: number; exitedValidatorsCount: bigint };
  summary: { totalExitedValidators: bigint; totalDepositedValidators: bigint };
}

/**
 * Each module's share of Lido's stake and its fees, weighed as StakingRouter.getStakingRewardsDistribution
 * weighs them (lidofinance/core contracts/0.8.9/StakingRouter.sol, _loadStakingModulesCacheItem): a
 * module's active validators are its deposited ones less the larger of the exited counts the module
 * and the router know, its share is those over all modules' active validators, and a module without
 * any takes no fee and is left out. A stopped module's fee goes to the treasury instead of the module,
 * but is still taken from holders' rewards, so it is kept as its configured fee. Empty when no module
 * has an active validator. Pure.
 */
export function stakingModulesFrom(digests: readonly StakingModuleDigestRead[]): StakingModuleFees[] {
  const active = digests.map(({ state, summary }) => {
    const exited = summary.totalExitedValidators > state.exitedValidatorsCount ? summary.totalExitedValidators : state.exitedValidatorsCount;
    return summary.totalDepositedValidators - exited;
  });
  const total = active.reduce((sum, count) => sum + count, 0n);
  if (total === 0n) return [];
  return digests.flatMap(({ state }, index) =>
    active[index]! > 0n
      ? [{ id: state.id, share: Number(active[index]!) / Number(total), moduleFee: state.stakingModuleFee / TOTAL_BASIS_POINTS, treasuryFee: state.treasuryFee / TOTAL_BASIS_POINTS }]
      : [],
  );
}
