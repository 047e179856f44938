import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseParameterTables } from '../../shared/changes/parseParameterTables.js';

const body = (name: string) => readFileSync(new URL(`../fixtures/proposal-bodies/${name}`, import.meta.url), 'utf8');

describe('parameter tables in real proposal bodies', () => {
  it('reads a Parameter column with Current and Recommended values', () => {
    expect(parseParameterTables(body('aave-gauntlet-stmatic-maticx-lt.md'))).toEqual([
      { asset: 'stMATIC', parameter: 'liquidationThreshold', unit: 'bps', from: 6000, to: 5600, context: {}, above: ['## Specification'], row: '| stMATIC | LiquidationThreshold | 60% | 56% |' },
      { asset: 'MaticX', parameter: 'liquidationThreshold', unit: 'bps', from: 6200, to: 5800, context: {}, above: ['## Specification'], row: '| MaticX | LiquidationThreshold | 62% | 58% |' },
    ]);
  });

  it('reads interleaved Current/Recommended pairs, keeping network and instance as context', () => {
    const changes = parseParameterTables(body('aave-chaos-weeth-risk-parameters.md'));
    expect(changes.map(({ parameter, from, to }) => [parameter, from, to])).toEqual([
      ['ltv', 7250, 7750],
      ['liquidationThreshold', 7500, 8000],
      ['liquidationBonus', 750, 700],
    ]);
    expect(changes[0]!.context).toEqual({ network: 'Ethereum', instance: 'Core' });
  });

  it('reads fractions where the authors wrote them, and grouped Current… then Recommended… columns', () => {
    const changes = parseParameterTables(body('aave-gauntlet-mai-deprecation.md'));
    expect(changes.filter((change) => change.parameter === 'liquidationThreshold').map((change) => [change.context.chain, change.from, change.to])).toEqual([
      ['avalanche v3', 8000, 0],
      ['arbitrum v3', 8000, 0],
      ['polygon v3', 8000, 0],
      ['optimism v3', 8000, 6500],
    ]);
    const polygon = changes.filter((change) => change.asset === 'miMATIC');
    expect(polygon.map(({ parameter, from, to }) => [parameter, from, to])).toEqual([
      ['optimalUsage', 8000, 4500],
      ['slope2', 0.75, 3],
      ['reserveFactor', 2000, 9500],
    ]);
  });

  it('skips cells marked "-" (unchanged) and reads every chain’s row', () => {
    const changes = parseParameterTables(body('aave-chaos-generalized-lt-ltv-reduction.md'));
    expect(changes).toHaveLength(27 * 2 - 2);
    const usdcAvalanche = changes.filter((change) => change.asset === 'USDC' && change.context.chain === 'Avalanche');
    expect(usdcAvalanche.map(({ parameter, from, to }) => [parameter, from, to])).toEqual([
      ['liquidationThreshold', 8625, 8500],
      ['ltv', 8250, 8000],
    ]);
  });
});

describe('table shapes', () => {
  it('ignores tables without known parameters', () => {
    expect(parseParameterTables('| Symbol | Volatility |\n|---|---|\n| ETH | 3% |')).toEqual([]);
    expect(parseParameterTables('| | Value liquidated | Accounts |\n|---|---|---|\n| Total | $688 | 6 |')).toEqual([]);
  });

  it('reads caps in tokens, with thousands separators and suffixes', () => {
    const changes = parseParameterTables('| Asset | Current Supply Cap | New Supply Cap |\n| --- | --- | --- |\n| WETH | 1,800,000 | 2.2M |');
    expect(changes[0]).toMatchObject({ parameter: 'supplyCap', unit: 'tokens', from: 1_800_000, to: 2_200_000 });
  });

  it('reads a change with no current value', () => {
    expect(parseParameterTables('| Parameter | Proposed |\n|---|---|\n| Reserve Factor | 15% |')[0]).toMatchObject({ parameter: 'reserveFactor', to: 1500 });
    expect(parseParameterTables('| Parameter | Proposed |\n|---|---|\n| Reserve Factor | 15% |')[0]).not.toHaveProperty('from');
  });
});

describe('parseParameterTables with emphasis', () => {
  it('reads bold headers and cells as plain text', () => {
    const body = '| **Parameter** | **Current** | **Recommended** |\n|---|---|---|\n| **LTV** | 75.00% | **77.50%** |';
    expect(parseParameterTables(body)).toMatchObject([{ parameter: 'ltv', from: 7500, to: 7750 }]);
  });
});
