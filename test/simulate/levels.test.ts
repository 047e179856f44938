import { describe, expect, it } from 'vitest';
import { levelForBorrowingPower, levelForHealthFactor, levelForListing, levelForUsd } from '../../shared/simulate/levels.js';

describe('health factor rule', () => {
  it.each([
    [1.2, 0.9999, 'critical'],
    [1.2, 1.0, 'high'],
    [1.2, 1.0999, 'high'],
    [1.3, 1.1, 'medium'],
    [1.5, 1.45, 'medium'],
    [1.5, 1.4501, 'low'],
    [1.5, 1.5, 'none'],
    [0.95, 1.05, 'low'],
  ] as const)('%s → %s is %s', (before, after, level) => {
    expect(levelForHealthFactor(before, after)).toBe(level);
  });
});

describe('money rule', () => {
  it.each([
    [-1000, undefined, 'high'],
    [-999.99, undefined, 'medium'],
    [-100, undefined, 'medium'],
    [-99.99, undefined, 'low'],
    [-1, undefined, 'low'],
    [-0.99, undefined, 'none'],
    [-60, 1000, 'high'],
    [-49.99, 1000, 'medium'],
    [-10, 1000, 'medium'],
    [-0.5, 1000, 'low'],
    [-0.05, 1000, 'none'],
    [5000, undefined, 'low'],
    [0.5, undefined, 'none'],
  ] as const)('%s USD on a position of %s is %s', (usd, position, level) => {
    expect(levelForUsd(usd, position)).toBe(level);
  });
});

describe('borrowing power rule', () => {
  it('is medium when the debt would exceed the new power, low for any other cut, low for a rise, none unchanged', () => {
    expect(levelForBorrowingPower(24_000, 19_999, 20_000)).toBe('medium');
    expect(levelForBorrowingPower(24_000, 20_000, 20_000)).toBe('low');
    expect(levelForBorrowingPower(20_000, 24_000, 30_000)).toBe('low');
    expect(levelForBorrowingPower(20_000, 20_000, 30_000)).toBe('none');
  });
});

describe('listing rule', () => {
  it('is high for a state that restricts the position, low otherwise', () => {
    expect(levelForListing('frozen')).toBe('high');
    expect(levelForListing('offboarded')).toBe('high');
    expect(levelForListing('listed')).toBe('low');
  });
});
