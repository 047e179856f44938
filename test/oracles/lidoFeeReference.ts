/*
 * The reference for Lido's protocol fee: a BigInt transcription of StakingRouter in
 * lidofinance/core @ 372b02e197df61fdf1a443de18acb514804b828d (2026-06-23), contracts/0.8.9/StakingRouter.sol:
 * - lines 81–85: enum StakingModuleStatus { Active, DepositsPaused, Stopped };
 * - lines 165–166: FEE_PRECISION_POINTS = 10 ** 20, TOTAL_BASIS_POINTS = 10000;
 * - lines 318–331 (_updateStakingModule): reverts InvalidFeeSum when stakingModuleFee + treasuryFee > TOTAL_BASIS_POINTS;
 * - lines 1299–1313 (_loadStakingModulesCache): totalActiveValidators = Σ activeValidatorsCount;
 * - lines 1315–1344 (_loadStakingModulesCacheItem): activeValidatorsCount = totalDepositedValidators −
 *   max(summary's totalExitedValidators, the router's exitedValidatorsCount), checked (0.8.9 panics on underflow);
 * - lines 1075–1142 (getStakingRewardsDistribution): no modules or no active validators → (…, 0, FEE_PRECISION_POINTS);
 *   else, per module with activeValidatorsCount > 0: share = active · precision / totalActive (truncating),
 *   moduleFee = uint96(share · stakingModuleFee / TOTAL_BASIS_POINTS), kept in stakingModuleFees unless the module is
 *   Stopped (then 0 there), and totalFee += uint96(share · treasuryFee / TOTAL_BASIS_POINTS) + moduleFee whatever the
 *   status; modules without active validators are left out; assert(totalFee <= precisionPoints);
 * - lines 1051–1067 (getStakingFeeAggregateDistribution): modulesFee = Σ stakingModuleFees, treasuryFee = totalFee − modulesFee.
 * Kept apart from the project's code on purpose: the project's Lido maths is checked against this, never
 * built from it. Test-only.
 */

export const FEE_PRECISION_POINTS = 10n ** 20n;
export const TOTAL_BASIS_POINTS = 10_000n;

export const StakingModuleStatus = { Active: 0, DepositsPaused: 1, Stopped: 2 } as const;
export type StakingModuleStatus = (typeof StakingModuleStatus)[keyof typeof StakingModuleStatus];

/** What the router reads of one module: its StakingModule storage and its getStakingModuleSummary. */
export interface RouterModule {
  id: bigint;
  stakingModuleFee: bigint;
  treasuryFee: bigint;
  status: StakingModuleStatus;
  /** The router's own count (StakingModule.exitedValidatorsCount). */
  exitedValidatorsCount: bigint;
  summary: { totalExitedValidators: bigint; totalDepositedValidators: bigint };
}

/** Solidity's Panic(uint256): 0x01 a failed assert, 0x11 an arithmetic over/underflow. */
export class Panic extends Error {
  constructor(readonly code: number) {
    super(`Panic(0x${code.toString(16).padStart(2, '0')})`);
  }
}
export class InvalidFeeSum extends Error {}

const UINT96_MAX = 2n ** 96n - 1n;
/** uint96(x): an explicit conversion keeps the low 96 bits. */
const uint96 = (x: bigint): bigint => BigInt.asUintN(96, x);
/** A checked uint96 `+=`. */
const addUint96 = (a: bigint, b: bigint): bigint => {
  if (a + b > UINT96_MAX) throw new Panic(0x11);
  return a + b;
};
const max = (a: bigint, b: bigint) => (a > b ? a : b);

/** _updateStakingModule's fee checks (line 331), then the uint16 it stores. */
export function withFees(module: RouterModule, stakingModuleFee: bigint, treasuryFee: bigint): RouterModule {
  if (stakingModuleFee + treasuryFee > TOTAL_BASIS_POINTS) throw new InvalidFeeSum();
  return { ...module, stakingModuleFee: BigInt.asUintN(16, stakingModuleFee), treasuryFee: BigInt.asUintN(16, treasuryFee) };
}

/** _loadStakingModulesCacheItem's activeValidatorsCount (checked subtraction). */
export function activeValidatorsCount(module: RouterModule): bigint {
  const active = module.summary.totalDepositedValidators - max(module.summary.totalExitedValidators, module.exitedValidatorsCount);
  if (active < 0n) throw new Panic(0x11);
  return active;
}

export interface StakingRewardsDistribution {
  stakingModuleIds: bigint[];
  stakingModuleFees: bigint[];
  totalFee: bigint;
  precisionPoints: bigint;
}

/** StakingRouter.getStakingRewardsDistribution (recipients omitted: they are the modules' addresses). */
export function getStakingRewardsDistribution(modules: readonly RouterModule[]): StakingRewardsDistribution {
  const cache = modules.map((module) => ({ module, active: activeValidatorsCount(module) }));
  const totalActiveValidators = cache.reduce((sum, { active }) => sum + active, 0n);
  if (cache.length === 0 || totalActiveValidators === 0n) return { stakingModuleIds: [], stakingModuleFees: [], totalFee: 0n, precisionPoints: FEE_PRECISION_POINTS };

  const precisionPoints = FEE_PRECISION_POINTS;
  const stakingModuleIds: bigint[] = [];
  const stakingModuleFees: bigint[] = [];
  let totalFee = 0n;
  for (const { module, active } of cache) {
    if (active === 0n) continue;
    const share = (active * precisionPoints) / totalActiveValidators;
    const moduleFee = uint96((share * module.stakingModuleFee) / TOTAL_BASIS_POINTS);
    stakingModuleIds.push(module.id);
    // A Stopped module's fee goes to the treasury: 0 in its slot, still counted in totalFee.
    stakingModuleFees.push(module.status !== StakingModuleStatus.Stopped ? moduleFee : 0n);
    totalFee = addUint96(totalFee, addUint96(uint96((share * module.treasuryFee) / TOTAL_BASIS_POINTS), moduleFee));
  }
  if (totalFee > precisionPoints) throw new Panic(0x01);
  return { stakingModuleIds, stakingModuleFees, totalFee, precisionPoints };
}

/** StakingRouter.getStakingFeeAggregateDistribution: the modules' part and the treasury's part of totalFee. */
export function getStakingFeeAggregateDistribution(modules: readonly RouterModule[]): { modulesFee: bigint; treasuryFee: bigint; basePrecision: bigint } {
  const { stakingModuleFees, totalFee, precisionPoints } = getStakingRewardsDistribution(modules);
  const modulesFee = stakingModuleFees.reduce((sum, fee) => addUint96(sum, fee), 0n);
  return { modulesFee, treasuryFee: totalFee - modulesFee, basePrecision: precisionPoints };
}
