import { type Abi, encodeFunctionResult } from 'viem';
import { describe, expect, it } from 'vitest';
import { configEngineChanges } from '../../../shared/readers/configEngine/configEngineChanges.js';
import { decodeEngineView, KEEP_CURRENT } from '../../../shared/readers/configEngine/decodeEngineView.js';
import { ENGINE_LAYOUTS, ENGINE_VIEWS, type EngineView } from '../../../shared/readers/configEngine/engineLayouts.js';
import { unpublishedItems } from '../../support/publishedAbi.js';
import { snapshotAbi } from '../../oracles/support/aaveV37Abis.js';

/*
 * The config engine of aave-v3-origin 3.7 (era G): its payload base's views, as solc-js compiles
 * them from the sources at 4fbd744 (test/fixtures/abis/aave-v3-origin-AaveV3Payload@4fbd744.json,
 * rechecked against the sources by test/oracles/aaveV37Abis.test.ts where they are extracted), are
 * the era-G layouts we decode with; and a payload's answer, encoded with that ABI (values
 * SYNTHETIC), gives the category's isolated flag as an eModeIsolated change.
 */
const payloadBase = snapshotAbi('AaveV3Payload') as Abi;
const eraG = ENGINE_VIEWS.flatMap((view) => ENGINE_LAYOUTS[view].filter((layout) => layout.eras.includes('G')).map((layout) => [view, layout] as const));
const KC = KEEP_CURRENT;
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';

/** The view's answer as a 3.7 payload returns it: encoded with the compiled 3.7 ABI, not ours. */
const answered = (view: EngineView, entries: unknown[]) => encodeFunctionResult({ abi: payloadBase, functionName: view, result: entries } as never);
const changesOf = (view: EngineView, entries: unknown[]) => {
  const decoded = decodeEngineView(view, answered(view, entries));
  expect(decoded?.layout?.eras).toMatch(/G/);
  return configEngineChanges({ protocol: 'aave', payload: '1:1', target: '0x0000000000000000000000000000000000000001', market: 'aave-v3-ethereum', views: [decoded!], symbols: { [WETH.toLowerCase()]: 'WETH' } }).map(
    ({ parameter, to, eModeCategory, asset }) => ({ parameter, to, ...(eModeCategory !== undefined && { eModeCategory }), ...(asset && { asset }) }),
  );
};

describe('the 3.7 config engine', () => {
  it('covers every view of the 3.7 payload base with an era-G layout', () => {
    expect(eraG.map(([view]) => view).sort()).toEqual([...ENGINE_VIEWS].sort());
  });

  it.each(eraG)('%s: our era-G layout is the 3.7 payload base’s', (_, layout) => {
    expect(unpublishedItems([layout.abi], [payloadBase])).toEqual([]);
  });

  it('tells era G from 3.6 (EModeCategoryUpdate and EModeCategoryCreation gained isolated)', () => {
    const eraF = (view: EngineView) => ENGINE_LAYOUTS[view].find((layout) => layout.eras.includes('F'))!.abi;
    expect(unpublishedItems([eraF('eModeCategoriesUpdates'), eraF('eModeCategoryCreations')], [payloadBase])).toEqual([
      expect.stringMatching(/^eModeCategoriesUpdates: published as/),
      expect.stringMatching(/^eModeCategoryCreations: published as/),
    ]);
  });

  it('decodes EModeCategoryUpdate.isolated into eModeIsolated for that category: ENABLED, DISABLED, KEEP_CURRENT', () => {
    const update = (eModeCategory: number, isolated: bigint) => ({ eModeCategory, ltv: KC, liqThreshold: KC, liqBonus: KC, label: '', isolated });
    expect(changesOf('eModeCategoriesUpdates', [update(1, 1n), update(2, 0n), update(3, KC)])).toEqual([
      { parameter: 'eModeIsolated', to: 'enabled', eModeCategory: 1 },
      { parameter: 'eModeIsolated', to: 'disabled', eModeCategory: 2 },
    ]);
    expect(changesOf('eModeCategoriesUpdates', [{ ...update(1, 1n), ltv: 9_000n }])).toEqual([
      { parameter: 'eModeLtv', to: 9_000, eModeCategory: 1 },
      { parameter: 'eModeIsolated', to: 'enabled', eModeCategory: 1 },
    ]);
  });

  it('decodes EModeCategoryCreation.isolated (a bool): true creates an isolated category, false states nothing', () => {
    const creation = (isolated: boolean) => ({ ltv: 9_000n, liqThreshold: 9_300n, liqBonus: 100n, label: 'WETH USDC', borrowables: [USDC], collaterals: [WETH], isolated });
    expect(changesOf('eModeCategoryCreations', [creation(true)])).toEqual([
      { parameter: 'eModeLtv', to: 9_000 },
      { parameter: 'eModeLiquidationThreshold', to: 9_300 },
      { parameter: 'eModeLiquidationBonus', to: 100 },
      { parameter: 'eModeIsolated', to: 'enabled' },
      { parameter: 'eModeCollateral', to: 'enabled', asset: 'WETH' },
    ]);
    expect(changesOf('eModeCategoryCreations', [creation(false)]).map(({ parameter }) => parameter)).not.toContain('eModeIsolated');
  });
});
