import { describe, expect, it } from 'vitest';
import { parseParameterTables } from '../../shared/changes/parseParameterTables.js';
import { tableChanges } from '../../shared/changes/tableChanges.js';
import { marketOfTableRow } from '../../shared/modules/aave/marketOfName.js';

// The forms below are the published ones (test/fixtures/aave-real/IncreaseCbBTCSupplyCaps_20241004;
// AaveV33CeloActivation_20250224's "| Parameter | … | CELO |"); the other markets and values are synthetic.
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

describe('a column per asset', () => {
  it('reads a header that is both a symbol and a network ("CELO") as an asset beside other assets', () => {
    const body = table('| Parameter | USDC | CELO |', '| --- | --- | --- |', '| Supply Cap | 3,500,000 | 1,000,000 |');
    expect(parseParameterTables(body, undefined, isPlace).map(({ asset, parameter, to, context }) => [asset, parameter, to, context.market])).toEqual([
      ['USDC', 'supplyCap', 3500000, undefined],
      ['CELO', 'supplyCap', 1000000, undefined],
    ]);
  });

  it('gives an eMode category, not an asset, the LTV an asset’s column states under its heading', () => {
    const body = table('### E-Mode category 1', '', '| Parameter | wstETH |', '| --- | --- |', '| LTV | 93% |');
    expect(parseParameterTables(body).map(({ asset, eModeCategory, parameter, to }) => [asset, eModeCategory, parameter, to])).toEqual([[undefined, 1, 'eModeLtv', 9300]]);
  });
});
