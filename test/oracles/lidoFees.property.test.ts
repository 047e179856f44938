import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import { totalModuleFee } from '../../shared/modules/lido/calculators.js';
import { MIN_KEPT } from '../../shared/simulate/keptShare.js';
import { type StakingModuleDigestRead, stakingModulesFrom } from '../../shared/modules/lido/exposure/stakingModules.js';
import { rateAfter } from '../support/simulator.js';
import { getStakingFeeAggregateDistribution, getStakingRewardsDistribution, InvalidFeeSum, type RouterModule, StakingModuleStatus, withFees } from './lidoFeeReference.js';

/*
 * The project's Lido fee maths (exposure/stakingModules.ts → calculators.ts) against the BigInt
 * transcription of StakingRouter.getStakingRewardsDistribution (lidoFeeReference.ts), on generated
 * router states: 1–5 modules, validator counts including 0 (and counts exited by the module or only
 * by the router), fees in bps with stakingModuleFee + treasuryFee ≤ TOTAL_BASIS_POINTS (the
 * contract's InvalidFeeSum bound, reached on purpose), any status. States are SYNTHETIC.
 *
 * Tolerance. The router works in integers at 1e20 and truncates three times per module (the share,
 * then each of the two fee products): each module's part of totalFee is at most 3 units of 1e-20 low.
 * The project works in doubles: per module the share (a division), the two bps→fraction divisions,
 * their sum and the product each round once (≤ 5 half-ulps relative to a term ≤ 1), and summing up
 * to 5 terms adds ≤ 4 half-ulps of a total ≤ 1; reading the reference as Number(totalFee)/1e20
 * rounds twice more (1e20 is exact in a double). So |ours − totalFee/precision| ≤ 11·2⁻⁵³ + 5·3e-20
 * ≈ 1.22e-15, far below a bp (1e-4) and below any fee a source reports. States with validator
 * counts up to 2⁴⁰ keep every count exact in a double.
 */

const U = 2 ** -53;
const FEE_TOLERANCE = 11 * U + 5 * 3e-20;
const NUM_RUNS = 3000;

const count = fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 100n }), fc.bigInt({ min: 0n, max: 1_000_000n }), fc.bigInt({ min: 0n, max: 2n ** 40n }));
/** A pair of fees in bps within _updateStakingModule's bound, with the bound itself and zero drawn often. */
const fees = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).chain((moduleFee) => fc.tuple(fc.constant(moduleFee), fc.integer({ min: 0, max: 10_000 - moduleFee }))),
  fc.integer({ min: 0, max: 10_000 }).map((moduleFee) => [moduleFee, 10_000 - moduleFee] as [number, number]),
  fc.constantFrom<[number, number]>([0, 0], [500, 500], [800, 200], [10_000, 0], [0, 10_000]),
);
/** Exited counts never above deposited: the router's subtraction would panic (0x11) and no state would be read. */
const module = fc
  .record({ deposited: count, exitedByModule: fc.double({ min: 0, max: 1, noNaN: true }), exitedByRouter: fc.double({ min: 0, max: 1, noNaN: true }), fees, status: fc.constantFrom<StakingModuleStatus>(0, 1, 2) })
  .map(({ deposited, exitedByModule, exitedByRouter, fees: [moduleFee, treasuryFee], status }) => ({
    deposited,
    exited: [portion(deposited, exitedByModule), portion(deposited, exitedByRouter)] as const,
    moduleFee,
    treasuryFee,
    status,
  }));
const portion = (of: bigint, part: number) => (of * BigInt(Math.floor(part * 1_000_000))) / 1_000_000n;
const router = fc.array(module, { minLength: 1, maxLength: 5 });
type Drawn = typeof module extends fc.Arbitrary<infer T> ? T : never;

/** The same module as the router holds it and as getAllStakingModuleDigests gives it to the project. */
const routerModule = (drawn: Drawn, index: number): RouterModule => ({
  id: BigInt(index + 1),
  stakingModuleFee: BigInt(drawn.moduleFee),
  treasuryFee: BigInt(drawn.treasuryFee),
  status: drawn.status,
  exitedValidatorsCount: drawn.exited[1],
  summary: { totalExitedValidators: drawn.exited[0], totalDepositedValidators: drawn.deposited },
});
const digest = (module: RouterModule): StakingModuleDigestRead => ({
  state: { id: Number(module.id), stakingModuleFee: Number(module.stakingModuleFee), treasuryFee: Number(module.treasuryFee), exitedValidatorsCount: module.exitedValidatorsCount },
  summary: module.summary,
});
const ourTotal = (modules: readonly RouterModule[]) => totalModuleFee(stakingModulesFrom(modules.map(digest)));
const contractTotal = (modules: readonly RouterModule[]) => {
  const { totalFee, precisionPoints } = getStakingRewardsDistribution(modules);
  return Number(totalFee) / Number(precisionPoints);
};
/** An updateStakingModule as shared/modules/lido/parameterChangesOf.ts emits it: both fees, as fractions. */
const feeChanges = (id: bigint, moduleFee: number, treasuryFee: number, onlyModuleFee: boolean): ParameterChange[] => {
  const change = (parameter: 'moduleFee' | 'treasuryFee', bps: number): ParameterChange => ({ protocol: 'lido', market: `staking module ${id}`, asset: 'stETH', parameter, to: bps / 10_000, unit: 'fraction', evidence: 'generated', verified: true });
  return onlyModuleFee ? [change('moduleFee', moduleFee)] : [change('moduleFee', moduleFee), change('treasuryFee', treasuryFee)];
};

let worstFee = 0;

describe(`Lido's total fee against StakingRouter.getStakingRewardsDistribution, on ${NUM_RUNS} generated router states`, () => {
  it('Σ share·(module fee + treasury fee) is totalFee / precisionPoints, whatever the statuses and empty modules', () => {
    fc.assert(
      fc.property(router, (drawn) => {
        const modules = drawn.map(routerModule);
        const ours = ourTotal(modules);
        const theirs = contractTotal(modules);
        worstFee = Math.max(worstFee, Math.abs(ours - theirs));
        expect(Math.abs(ours - theirs)).toBeLessThanOrEqual(FEE_TOLERANCE);
        // The aggregate the exposure also reads splits the same total (a Stopped module's part in treasuryFee).
        const { modulesFee, treasuryFee, basePrecision } = getStakingFeeAggregateDistribution(modules);
        expect(modulesFee + treasuryFee).toBe(getStakingRewardsDistribution(modules).totalFee);
        expect(basePrecision).toBe(10n ** 20n);
      }),
      { numRuns: NUM_RUNS },
    );
    expect(worstFee).toBeLessThanOrEqual(FEE_TOLERANCE);
  });

  it('a module-fee change priced by the calculator gives the contract’s new total: net × (1 − f′)/(1 − f)', () => {
    const change = fc.record({ index: fc.nat(4), fees, onlyModuleFee: fc.boolean(), apr: fc.double({ min: 0.001, max: 0.2, noNaN: true }) });
    fc.assert(
      fc.property(router, change, (drawn, { index, fees: [moduleFee, treasuryFee], onlyModuleFee, apr }) => {
        const modules = drawn.map(routerModule);
        const target = modules[index % modules.length]!;
        // A table may give the module fee alone: the treasury fee stays, and the module fee is one the contract accepts beside it.
        const newTreasuryFee = onlyModuleFee ? Number(target.treasuryFee) : treasuryFee;
        const newModuleFee = Math.min(moduleFee, 10_000 - newTreasuryFee);
        const after = modules.map((module) => (module === target ? withFees(module, BigInt(newModuleFee), BigInt(newTreasuryFee)) : module));
        const changes = feeChanges(target.id, newModuleFee, newTreasuryFee, onlyModuleFee);

        const stakingModules = stakingModulesFrom(modules.map(digest));
        const ours = rateAfter({ role: 'stake', apr, stakingModules }, changes);
        const { totalFee: before, precisionPoints } = getStakingRewardsDistribution(modules);
        const { totalFee: afterFee } = getStakingRewardsDistribution(after);
        // What holders keep of rewards, before and after, as the router's integers give it.
        const kept = Number(precisionPoints - before) / Number(precisionPoints);
        const keptAfter = Number(precisionPoints - afterFee) / Number(precisionPoints);
        const fAfter = Number(afterFee) / Number(precisionPoints);
        if (ours === undefined) {
          // Refused only where holders keep (next to) nothing: there the net rate says nothing of the gross one.
          expect(kept).toBeLessThanOrEqual(MIN_KEPT + FEE_TOLERANCE);
          return;
        }
        // A rate scaled from a fee the doubles cannot tell from 100 % is rounding noise (see the report figure in calculators.ts).
        expect(kept).toBeGreaterThan(2 * FEE_TOLERANCE);
        const expected = (apr * keptAfter) / kept;
        // Each fee is within FEE_TOLERANCE of the contract's: the numerator moves the ratio by apr·ε/(kept − ε), the
        // denominator by expected·ε/(kept − ε), and the ratio's own three roundings by 4 half-ulps.
        const tolerance = ((apr + expected) * FEE_TOLERANCE) / (kept - FEE_TOLERANCE) + 4 * U * expected;
        expect(Math.abs(ours - expected)).toBeLessThanOrEqual(tolerance);
        // The new total fee the calculator implies equals the contract's new totalFee / precisionPoints.
        const impliedAfter = 1 - (ours * (1 - ourTotal(modules))) / apr;
        expect(Math.abs(impliedAfter - fAfter)).toBeLessThanOrEqual(4 * FEE_TOLERANCE);
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

/*
 * Named vectors. Fees from Lido's own sources; the figures are the ones Lido's tests expect of the
 * contract (lidofinance/core @ 372b02e, test/0.8.9/stakingRouter/stakingRouter.rewards.test.ts), or,
 * for SimpleDVT, its deployed fees (deployed-mainnet.json, app:simple-dvt.stakingRouterModuleParams at
 * e6719e9c301abbb6a747de57b590029eb29bc6b3: moduleFee 800, treasuryFee 200) at a stated, synthetic split.
 */
const at = (id: number, moduleFee: number, treasuryFee: number, deposited: bigint, status: StakingModuleStatus = StakingModuleStatus.Active): RouterModule => ({
  id: BigInt(id),
  stakingModuleFee: BigInt(moduleFee),
  treasuryFee: BigInt(treasuryFee),
  status,
  exitedValidatorsCount: 0n,
  summary: { totalExitedValidators: 0n, totalDepositedValidators: deposited },
});

describe('Lido fee vectors', () => {
  it('1 %/9 % and 8 %/2 % modules, 1,000 validators each: module fees 0.5e18 and 4e18, total 1e19 (rewards.test.ts lines 314–354)', () => {
    const modules = [at(1, 100, 900, 1_000n), at(2, 800, 200, 1_000n)];
    expect(getStakingRewardsDistribution(modules)).toEqual({ stakingModuleIds: [1n, 2n], stakingModuleFees: [5n * 10n ** 17n, 4n * 10n ** 18n], totalFee: 10n ** 19n, precisionPoints: 10n ** 20n });
    expect(ourTotal(modules)).toBe(0.1);
  });

  it('4 %/6 % and 6 %/4 % modules: aggregate 5e18 to modules and 5e18 to the treasury (rewards.test.ts lines 365–394)', () => {
    const modules = [at(1, 400, 600, 1_000n), at(2, 600, 400, 1_000n)];
    expect(getStakingFeeAggregateDistribution(modules)).toEqual({ modulesFee: 5n * 10n ** 18n, treasuryFee: 5n * 10n ** 18n, basePrecision: 10n ** 20n });
    expect(ourTotal(modules)).toBe(0.1);
  });

  it('a Stopped 5 %/5 % module: its slot 0, the total still 10 % (rewards.test.ts lines 292–312)', () => {
    const modules = [at(1, 500, 500, 1_000n, StakingModuleStatus.Stopped)];
    expect(getStakingRewardsDistribution(modules)).toMatchObject({ stakingModuleFees: [0n], totalFee: 10n ** 19n });
    expect(ourTotal(modules)).toBe(0.1);
  });

  it('SimpleDVT (800/200) at 10 % of active validators beside a 500/500 module: moduleFee 800 → 600 takes the total from 10 % to 9.8 %', () => {
    const modules = [at(1, 500, 500, 9_000n), at(2, 800, 200, 1_000n)];
    const after = [modules[0]!, withFees(modules[1]!, 600n, 200n)];
    expect(() => withFees(modules[1]!, 9_801n, 200n)).toThrow(InvalidFeeSum);
    // 9e19·1,000/1e4 + 1e19·800/1e4 + 1e19·200/1e4 = 1e19; with 600: 9e18 + 6e17 + 2e17 = 9.8e18.
    expect(getStakingRewardsDistribution(after).totalFee).toBe(98n * 10n ** 17n);
    expect(ourTotal(modules)).toBeCloseTo(0.1, 15);
    const priced = rateAfter({ role: 'stake', apr: 0.027, stakingModules: stakingModulesFrom(modules.map(digest)) }, feeChanges(2n, 600, 200, false));
    // 2.7 % net at a 10 % fee is 3 % gross; at 9.8 % holders keep 3 % × 0.902 = 2.706 %.
    expect(priced).toBeCloseTo(0.02706, 15);
  });
});
