import { describe, expect, it } from 'vitest';
import { parseParameterTables } from '../../shared/changes/parseParameterTables.js';
import { tableChanges } from '../../shared/changes/tableChanges.js';
import { marketOfTableRow } from '../../shared/modules/aave/marketOfName.js';

// The forms below are the published ones (test/fixtures/aave-real: IncreaseCbBTCSupplyCaps_20241004,
// RemoveUSDeDebtCeilingAndIntroduceUSDeStablecoinsEMode_20250505); the other markets and values are synthetic.
const table = (...lines: string[]) => lines.join('\n');
const isPlace = (header: string) => typeof marketOfTableRow({ market: header }, []) === 'string';

describe('a column per market', () => {
  it('reads "| Parameter | Ethereum | Arbitrum |" as one value set on each market', () => {
    const body = table('### WBTC', '', '| Parameter | Ethereum | Arbitrum |', '| --- | --- | --- |', '| Reserve Factor | 50% | 40% |', '| Supply Cap | 10,000 | 2,000 |');
    expect(tableChanges(body, { protocol: 'aave', where: 'body', marketOf: marketOfTableRow }).map(({ market, asset, parameter, to }) => [market, asset, parameter, to])).toEqual([
      ['aave-v3-ethereum', 'WBTC', 'reserveFactor', 5000],
      ['aave-v3-arbitrum', 'WBTC', 'reserveFactor', 4000],
      ['aave-v3-ethereum', 'WBTC', 'supplyCap', 10000],
      ['aave-v3-arbitrum', 'WBTC', 'supplyCap', 2000],
    ]);
  });

  it('reads a corner cell naming the asset, a "Base" market and a row written as the action on a parameter', () => {
    const body = table('| cbBTC | Ethereum V3 | Base |', '| --- | --- | --- |', '| Increase Supply Caps | 10000 cbBTC | 5000 cbBTC |');
    expect(tableChanges(body, { protocol: 'aave', where: 'body', marketOf: marketOfTableRow }).map(({ market, asset, parameter, to }) => [market, asset, parameter, to])).toEqual([
      ['aave-v3-ethereum', 'cbBTC', 'supplyCap', 10000],
      ['aave-v3-base', 'cbBTC', 'supplyCap', 5000],
    ]);
  });

  it('keeps "Base" a base rate where its cells say from → to', () => {
    expect(parseParameterTables(table('| Asset | Base |', '| --- | --- |', '| USDC | 0% → 1% |'), undefined, isPlace)).toMatchObject([{ asset: 'USDC', parameter: 'baseRate', from: 0, to: 0.01 }]);
  });

  it('reads no market columns where the module names no places', () => {
    expect(parseParameterTables(table('| Parameter | Ethereum | Arbitrum |', '| --- | --- | --- |', '| Reserve Factor | 50% | 40% |'))).toEqual([]);
  });

  it('reads a corner asset over before and after columns', () => {
    expect(parseParameterTables(table('| FRAX | value before | value after |', '| --- | --- | --- |', '| ltv | 0 % | 75 % |')).map(({ asset, parameter, from, to }) => [asset, parameter, from, to])).toEqual([['FRAX', 'ltv', 0, 7500]]);
  });
});

describe('a column per asset under an eMode caption', () => {
  it('gives the category the LTV, threshold and bonus an asset’s column states, and skips membership rows', () => {
    const body = table('USDe/Stablecoin E-Mode', '', '| Asset | USDe | USDC |', '| --- | --- | --- |', '| Collateral | Yes | No |', '| LTV | 90% | |', '| LT | 93% | |', '| Liquidation Bonus | 2% | |');
    expect(parseParameterTables(body).map(({ asset, eModeLabel, parameter, to }) => [asset, eModeLabel, parameter, to])).toEqual([
      [undefined, 'USDe/Stablecoin', 'eModeLtv', 9000],
      [undefined, 'USDe/Stablecoin', 'eModeLiquidationThreshold', 9300],
      [undefined, 'USDe/Stablecoin', 'eModeLiquidationBonus', 200],
    ]);
  });
});
