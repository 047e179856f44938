import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rateStrategyAbi } from '../../shared/readers/lendingPool/lendingPoolAbi.js';
import { rateModelOf } from '../../shared/readers/lendingPool/rateModel.js';
import { unpublishedItems } from '../support/publishedAbi.js';
import { modelRate } from '../../shared/simulate/rateAfter.js';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';

/*
 * A reserve's borrow and supply rates from its curve (in bps, as getInterestRateDataBps answers
 * it), its debt, its virtual balance and its reserve factor, against aave-v3-origin 3.6.0's own
 * DefaultReserveInterestRateStrategyV2.calculateInterestRates (ray). Generated, SYNTHETIC reserves,
 * within the strategy's own bounds (_setInterestRateParams: optimal 1–99 %, slope1 ≤ slope2,
 * base + slopes ≤ 1,000 %); no unbacked supply or deficit, which the reader does not read.
 *
 * Tolerance, and why: our rates are doubles. The usage ratio keeps 18 digits in integers before
 * one division (utilizationOf), off by at most ~2e-16; through the steepest allowed segment (a
 * slope of 10 over a 1 % kink or a 1 % remainder) that is ~2e-13 of yearly rate; the contract's
 * own ray rounding (half-up at 1e-27) is far below. So |ours − pool's| ≤ 1e-12 in a yearly rate
 * (1e-10 of a percent).
 */

const RUNS = 1_000;
const TOLERANCE = 1e-12;

const reserve = fc
  .record({
    optimalUsageRatio: fc.integer({ min: 100, max: 9_900 }),
    baseVariableBorrowRate: fc.integer({ min: 0, max: 50_000 }),
    slopes: fc.tuple(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 })),
    totalDebt: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 30n })),
    virtualUnderlyingBalance: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 10n ** 30n })),
    reserveFactor: fc.integer({ min: 0, max: 10_000 }),
  })
  .map(({ slopes: [a, b], baseVariableBorrowRate, ...rest }) => {
    const [slope1, slope2] = a <= b ? [a, b] : [b, a];
    const room = Math.max(0, 100_000 - slope1 - slope2);
    return { ...rest, baseVariableBorrowRate: Math.min(baseVariableBorrowRate, room), variableRateSlope1: slope1, variableRateSlope2: slope2 };
  })
  .filter(({ baseVariableBorrowRate, variableRateSlope1, variableRateSlope2 }) => baseVariableBorrowRate + variableRateSlope1 + variableRateSlope2 <= 100_000);

describe('aave-v3-origin 3.6: a reserve’s rates from its bps curve, against DefaultReserveInterestRateStrategyV2', () => {
  it('reads the curve with a getter the compiled strategy has (getInterestRateDataBps, same outputs)', () => {
    const chain = oracle('AaveV36RateOracle');
    if (!chain) return;
    // The harness inherits DefaultReserveInterestRateStrategyV2: its ABI is the 3.6 source's, compiled here.
    expect(unpublishedItems(rateStrategyAbi, [chain.abi])).toEqual([]);
  });

  it(`gives the strategy's borrow and supply rates within 1e-12 a year (${RUNS} reserves)`, async () => {
    const chain = oracle('AaveV36RateOracle');
    if (!chain) return;
    let kinked = 0;
    await assertOnStates(
      reserve,
      RUNS,
      async ({ optimalUsageRatio, baseVariableBorrowRate, variableRateSlope1, variableRateSlope2, totalDebt, virtualUnderlyingBalance, reserveFactor }) =>
        (await chain.client.readContract({
          address: chain.address,
          abi: chain.abi,
          functionName: 'rates',
          args: [{ optimalUsageRatio, baseVariableBorrowRate, variableRateSlope1, variableRateSlope2 }, totalDebt, virtualUnderlyingBalance, BigInt(reserveFactor)],
        })) as [bigint, bigint],
      ({ optimalUsageRatio, baseVariableBorrowRate, variableRateSlope1, variableRateSlope2, totalDebt, virtualUnderlyingBalance, reserveFactor }, [liquidityRate, variableBorrowRate]) => {
        const model = rateModelOf({ totalVariableDebt: totalDebt, virtualUnderlyingBalance, curve: { optimalUsageRatio, baseVariableBorrowRate, variableRateSlope1, variableRateSlope2 }, reserveFactor });
        expect(Math.abs(modelRate(model, 'borrow') - Number(variableBorrowRate) / 1e27)).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(modelRate(model, 'supply') - Number(liquidityRate) / 1e27)).toBeLessThanOrEqual(TOLERANCE);
        if (model.utilization > model.borrow.kink) kinked++;
      },
    );
    // Both segments of the curve were reached.
    expect(kinked).toBeGreaterThan(RUNS / 10);
  });
});
