import { describe, expect, it } from 'vitest';
import { rateModelOf, utilizationOf } from '../../../shared/readers/lendingPool/rateModel.js';

describe('utilizationOf (DefaultReserveInterestRateStrategyV2: debt / (virtual balance + debt))', () => {
  it('divides the total debt by the virtual balance plus the debt', () => {
    // 900 borrowed, 100 left: 900 / (100 + 900) = 0.9.
    expect(utilizationOf(900n, 100n)).toBe(0.9);
  });

  it('is zero without debt, as the strategy returns the base rate then', () => {
    expect(utilizationOf(0n, 0n)).toBe(0);
  });

  it('keeps the digits of a ratio that is not a round number', () => {
    // 2 / 3 of the reserve borrowed.
    expect(utilizationOf(2n * 10n ** 24n, 10n ** 24n)).toBeCloseTo(2 / 3, 15);
  });
});

describe('rateModelOf', () => {
  it('turns the strategy’s bps into fractions: 92.5 % kink, 0.25 % base, 3.3 % and 80 % slopes, 15 % reserve factor', () => {
    const model = rateModelOf({
      totalVariableDebt: 3n,
      virtualUnderlyingBalance: 1n,
      curve: { optimalUsageRatio: 9250, baseVariableBorrowRate: 25, variableRateSlope1: 330, variableRateSlope2: 8000 },
      reserveFactor: 1500,
    });
    expect(model).toEqual({ utilization: 0.75, borrow: { kink: 0.925, base: 0.0025, slopeLow: 0.033, slopeHigh: 0.8 }, reserveFactor: 0.15 });
  });
});
