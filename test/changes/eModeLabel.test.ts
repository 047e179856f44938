import { describe, expect, it } from 'vitest';
import { eModeLabelMatches } from '../../shared/changes/eModeLabel.js';
import { parseParameterTables } from '../../shared/changes/parseParameterTables.js';
import type { LendingAccount } from '../../shared/domain/position.js';
import { touches } from '../support/simulator.js';
import { change, lendingPositions } from '../simulate/fixtures.js';

describe('eMode categories named by label', () => {
  it('carries the words of an eMode heading that gives no number (published Aave texts, test/fixtures/aave-real)', () => {
    const body = '**weETH Stablecoin E-Mode**\n\n| Parameter | Current | Recommended |\n| --- | --- | --- |\n| Max LTV | 75% | 77.5% |\n| Liquidation Threshold | 78% | 80% |';
    expect(parseParameterTables(body).map(({ parameter, eModeLabel, eModeCategory, to }) => ({ parameter, eModeLabel, eModeCategory, to }))).toEqual([
      { parameter: 'eModeLtv', eModeLabel: 'weETH Stablecoin', eModeCategory: undefined, to: 7750 },
      { parameter: 'eModeLiquidationThreshold', eModeLabel: 'weETH Stablecoin', eModeCategory: undefined, to: 8000 },
    ]);
    const caption = 'For the Stablecoin E-Mode on Aave V3 Optimism instance, we recommend the following:\n\n| Parameter | Current Value | Rec. Value |\n| --- | --- | --- |\n| LT | 93.00% | 87.00% |';
    expect(parseParameterTables(caption)[0]).toMatchObject({ parameter: 'eModeLiquidationThreshold', eModeLabel: 'Stablecoin', to: 8700 });
  });

  it('keeps the number when the heading states one, and no label then', () => {
    const body = '### E-Mode category 2\n\n| Parameter | Current | Proposed |\n| --- | --- | --- |\n| LTV | 90% | 91% |';
    const [change] = parseParameterTables(body);
    expect(change).toMatchObject({ eModeCategory: 2, parameter: 'eModeLtv' });
    expect(change!.eModeLabel).toBeUndefined();
  });

  it('matches a label by all its words, singular or plural, and not a category with more words', () => {
    expect(eModeLabelMatches('Aave Polygon Stablecoin', 'Stablecoins')).toBe(true);
    expect(eModeLabelMatches('weETH Stablecoin', 'weETH Stablecoins')).toBe(true);
    expect(eModeLabelMatches('Stablecoin', 'weETH Stablecoins')).toBe(false);
    expect(eModeLabelMatches('ETH correlated', 'sUSDe Stablecoins')).toBe(false);
    expect(eModeLabelMatches('anything', '')).toBe(false);
  });
});

describe('an eMode change named by label, at scan time', () => {
  const account = (label: string | undefined): LendingAccount => ({
    market: 'aave-v3-ethereum',
    healthFactor: 1.5,
    debtUsd: 1000,
    eMode: { id: 2, ...(label !== undefined && { label }), ltv: 9000, liquidationThreshold: 9300 },
    collateral: [{ asset: 'sUSDe', valueUsd: 2000, liquidationThreshold: 7500, inEMode: true }],
  });
  const byLabel = change({ parameter: 'eModeLiquidationThreshold', eModeLabel: 'sUSDe Stablecoin', to: 9400, verified: false });

  it('reaches an account whose category the chain labels with those words', () => {
    expect(touches(byLabel, lendingPositions(account('sUSDe Stablecoins'))[0]!)).toBe(true);
  });

  it('reaches no account in another category, nor one whose label was not read', () => {
    expect(touches(byLabel, lendingPositions(account('ETH correlated'))[0]!)).toBe(false);
    expect(touches(byLabel, lendingPositions(account(undefined))[0]!)).toBe(false);
  });

  it('goes by the number when the change states one', () => {
    expect(touches({ ...byLabel, eModeCategory: 3 }, lendingPositions(account('sUSDe Stablecoins'))[0]!)).toBe(false);
  });
});
