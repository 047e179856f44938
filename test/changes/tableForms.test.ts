import { describe, expect, it } from 'vitest';
import { parseParameterTables } from '../../shared/changes/parseParameterTables.js';
import { tableChanges } from '../../shared/changes/tableChanges.js';

const table = (...lines: string[]) => lines.join('\n');
const values = (markdown: string) => parseParameterTables(markdown).map(({ asset, eModeCategory, parameter, from, to }) => ({ asset, eModeCategory, parameter, from, to }));

describe('cells holding both values', () => {
  it('reads "80% → 79%" under a parameter header as from and to', () => {
    expect(values(table('| Asset | LT |', '|---|---|', '| USDT | 80% → 79% |'))).toEqual([{ asset: 'USDT', eModeCategory: undefined, parameter: 'liquidationThreshold', from: 8000, to: 7900 }]);
  });

  it('reads an ASCII arrow "->" the same way', () => {
    expect(values(table('| Asset | LTV |', '|---|---|', '| DAI | 77% -> 76% |'))).toMatchObject([{ parameter: 'ltv', from: 7700, to: 7600 }]);
  });

  it('reads a cell without an arrow under a parameter header as unchanged', () => {
    expect(values(table('| Asset | LT | LTV |', '|---|---|---|', '| DAI | 82% → 80% | 75% |')).map(({ parameter }) => parameter)).toEqual(['liquidationThreshold']);
  });
});

describe('assets', () => {
  it('gives a change to each asset a cell lists with commas', () => {
    expect(values(table('| Assets | LT |', '|---|---|', '| USDC, USDT, DAI | 80% → 79% |')).map(({ asset }) => asset)).toEqual(['USDC', 'USDT', 'DAI']);
  });

  it('gives a change to each asset a cell lists with a spaced slash', () => {
    expect(values(table('| Asset | Current LT | New LT |', '|---|---|---|', '| USDC / USDT | 80% | 79% |')).map(({ asset }) => asset)).toEqual(['USDC', 'USDT']);
  });

  it('keeps an unspaced slash as one asset’s two names', () => {
    expect(values(table('| Asset | Current LT | New LT |', '|---|---|---|', '| MAI/MIMATIC | 80% | 0% |')).map(({ asset }) => asset)).toEqual(['MAI/MIMATIC']);
  });

  it('keeps a place in parentheses out of the asset, as context', () => {
    const [change] = parseParameterTables(table('| Assets | LT |', '|---|---|', '| USDC (Avalanche) | 86.25% → 85% |'));
    expect(change).toMatchObject({ asset: 'USDC', context: { qualifier: 'Avalanche' } });
  });

  it('takes the asset a short heading above the table names', () => {
    expect(values(table('### WETH', '', '| Parameter | Current | Proposed |', '|---|---|---|', '| LTV | 82% | 84% |'))[0]!.asset).toBe('WETH');
  });

  it('takes the asset a bold line above the table names', () => {
    expect(values(table('**wstETH**', '', '| Parameter | Current | Proposed |', '|---|---|---|', '| Slope1 | 1.75% | 0.75% |'))[0]!.asset).toBe('wstETH');
  });

  it('takes no asset from a heading that narrates', () => {
    expect(values(table('### Pause sUSDe on Prime Instance', '', '| Parameter | Current | Proposed |', '|---|---|---|', '| Slope1 | 6.25% | 8.25% |'))[0]!.asset).toBeUndefined();
  });

  it('takes the asset a cap cell names after its number', () => {
    expect(values(table('| Parameter | Current | Proposed |', '|---|---|---|', '| Supply Cap | 1 mUSD | 5,000,000 mUSD |'))).toMatchObject([{ asset: 'mUSD', parameter: 'supplyCap', from: 1, to: 5_000_000 }]);
  });
});

describe('eMode tables', () => {
  it('reads LTV, LT and bonus under an eMode heading as the category’s, with no asset', () => {
    const markdown = table('**ETH correlated E-Mode Arbitrum**', '', '| Risk Parameter | Current Value | Proposed Value |', '|---|---|---|', '| Loan To Value (LTV) | 90% | 93% |', '| Liquidation Bonus | 2% | 1% |');
    expect(values(markdown)).toEqual([
      { asset: undefined, eModeCategory: undefined, parameter: 'eModeLtv', from: 9000, to: 9300 },
      { asset: undefined, eModeCategory: undefined, parameter: 'eModeLiquidationBonus', from: 200, to: 100 },
    ]);
  });

  it('keeps the eMode category number a heading states', () => {
    expect(values(table('### eMode category 1 (ETH correlated)', '', '| Parameter | Current | Proposed |', '|---|---|---|', '| LT | 93% | 95% |'))[0]).toMatchObject({ eModeCategory: 1, parameter: 'eModeLiquidationThreshold' });
  });

  it('passes the eMode category on to the ParameterChange', () => {
    const [change] = tableChanges(table('### eMode category 2', '', '| Parameter | Current | Proposed |', '|---|---|---|', '| LTV | 90% | 93% |'), { protocol: 'aave', where: 'body' });
    expect(change).toMatchObject({ eModeCategory: 2, parameter: 'eModeLtv', verified: false });
  });
});

describe('column headers', () => {
  it('reads a "Recommendation" column as the new value', () => {
    expect(values(table('| Asset | Parameter | Current Value | Recommendation |', '|---|---|---|---|', '| CRV | LT | 65% | 50% |'))).toMatchObject([{ parameter: 'liquidationThreshold', from: 6500, to: 5000 }]);
  });

  it('pairs "Current LTV" with "Rec. LTV"', () => {
    expect(values(table('| Asset | Current LTV | Rec. LTV |', '|---|---|---|', '| sUSD | 60% | 0% |'))).toMatchObject([{ parameter: 'ltv', from: 6000, to: 0 }]);
  });

  it('pairs "RF Current" with "RF Proposed"', () => {
    expect(values(table('| Asset | RF Current | RF Proposed |', '|---|---|---|', '| USDC | 70.00% | 85.00% |'))).toMatchObject([{ parameter: 'reserveFactor', from: 7000, to: 8500 }]);
  });

  it('reads bare numbers under "Current (%)" as percentages', () => {
    expect(values(table('| Parameter | Current (%) | Proposed (%) |', '|---|---|---|', '| Reserve Factor | 15 | 20 |'))).toMatchObject([{ from: 1500, to: 2000 }]);
  });

  it('reads bare numbers under "Proposed (bps)" as basis points', () => {
    expect(values(table('| Parameter | Current (bps) | Proposed (bps) |', '|---|---|---|', '| LT | 8000 | 7900 |'))).toMatchObject([{ from: 8000, to: 7900 }]);
  });

  it('reads a Cap column naming which cap a row moves', () => {
    expect(values(table('| Chain | Asset | Cap | Current | Recommended |', '|---|---|---|---|---|', '| Polygon | jEUR | Borrow | - | 100k |'))).toMatchObject([{ asset: 'jEUR', parameter: 'borrowCap', to: 100_000 }]);
  });

  it('reads nothing from a budget table whose "New" column is no parameter', () => {
    expect(values(table('| Delegate Platform | Retro-Payment (GHO) | New Stream (GHO) |', '|---|---|---|', '| Michigan | 5000 | 15000 |'))).toEqual([]);
  });
});

describe('Compound’s names', () => {
  const compound = (parameter: string) => values(table('| Asset | Parameter | Current Value | Recommended Value |', '|---|---|---|---|', `| WETH | ${parameter} | 90% | 88% |`))[0]?.parameter;

  it('reads Borrow Collateral Factor as the LTV', () => expect(compound('Borrow Collateral Factor')).toBe('ltv'));
  it('reads Liquidation Collateral Factor as the liquidation threshold', () => expect(compound('Liquidation Collateral Factor')).toBe('liquidationThreshold'));
  it('reads Gauntlet’s Liquidation Factor as the liquidation threshold', () => expect(compound('Liquidation Factor')).toBe('liquidationThreshold'));
  it('reads Liquidation Penalty as the liquidation bonus', () => expect(compound('Liquidation Penalty')).toBe('liquidationBonus'));
});

describe('liquidation bonus', () => {
  const bonus = (cell: string) => values(table('| Asset | Parameter | Proposed |', '|---|---|---|', `| WETH | Liquidation Bonus | ${cell} |`))[0]?.to;

  it('reads "7%" as a 700 bps bonus', () => expect(bonus('7%')).toBe(700));
  it('reads "107%" as the bonus alone, 700 bps', () => expect(bonus('107%')).toBe(700));
  it('reads Aave’s config "10700" as the bonus alone, 700 bps', () => expect(bonus('10700')).toBe(700));
});

describe('table layouts', () => {
  it('reads a header row published without a --- row under it', () => {
    expect(values(table('| Parameters | Current | Recommended |', '| Supply Cap | 48,000 | 84,000 |'))).toMatchObject([{ parameter: 'supplyCap', from: 48_000, to: 84_000 }]);
  });

  it('reads rows without outer pipes, as forum pages render them', () => {
    expect(values(table('Asset | Current LT | Rec LT |', '---|---|---|', 'BAL | 70% | 55% |'))).toMatchObject([{ asset: 'BAL', from: 7000, to: 5500 }]);
  });

  it('keeps a section row ("_Prime Market_") as context of the rows below it', () => {
    const [change] = parseParameterTables(table('| Parameter | Current | Proposed |', '|---|---|---|', '| _Prime Market_ | | |', '| Slope1 | 6.25% | 8.25% |'));
    expect(change!.context).toEqual({ section: 'Prime Market' });
  });
});

describe('value-only tables in published Aave texts (bgd-labs/aave-proposals-v3, test/fixtures/aave-real)', () => {
  it('reads "| Parameter | Value |" as the values a proposal sets, with no from', () => {
    const body = 'Update AaveV3Arbitrum wstETH Borrow Rate:\n\n| Parameter | Value |\n| :-------- | :---: |\n| Base      | 0.00% |\n| Slope1    | 0.75% |\n| Uoptimal  | 90.0% |';
    expect(parseParameterTables(body).map(({ parameter, from, to }) => [parameter, from, to])).toEqual([
      ['baseRate', undefined, 0],
      ['slope1', undefined, 0.0075],
      ['optimalUsage', undefined, 9000],
    ]);
  });

  it('reads a column per asset ("| Parameter | PYUSD |") as that asset’s values', () => {
    const body = '| Parameter | PYUSD |\n| --- | --- |\n| Borrowable | Yes |\n| Borrow Cap | 15M |\n| LTV | 75.00% |\n| Liquidation Penalty | 7.50% |';
    expect(parseParameterTables(body).map(({ asset, parameter, to }) => [asset, parameter, to])).toEqual([
      ['PYUSD', 'borrowCap', 15_000_000],
      ['PYUSD', 'ltv', 7500],
      ['PYUSD', 'liquidationBonus', 750],
    ]);
  });

  it('still reads no plain value under a column that is not a Value column', () => {
    expect(parseParameterTables('| Parameter | Notes |\n| --- | --- |\n| LTV | 75% |')).toEqual([]);
  });
});
