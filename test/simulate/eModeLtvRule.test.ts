import { describe, expect, it } from 'vitest';
import type { LendingAccount } from '../../shared/domain/position.js';
import type { ParameterChange } from '../../shared/domain/parameterChange.js';
import { configEngineChanges } from '../../shared/readers/configEngine/configEngineChanges.js';
import { KEEP_CURRENT } from '../../shared/readers/configEngine/decodeEngineView.js';
import { ENGINE_LAYOUTS } from '../../shared/readers/configEngine/engineLayouts.js';
import { appliedLtv, lendingEffects } from '../../shared/simulate/lendingEffects.js';

/*
 * The eMode LTV rules of the pools (issue #20): a reserve whose own LTV is 0 counts 0 in eMode on
 * SparkLend and Aave up to 3.5; from 3.6 the category's ltvzero bitmap decides. The pools' own
 * Solidity proves the rules on generated states in test/oracles/lendingPoolLtv.test.ts; these are
 * the worded cases. Accounts are SYNTHETIC.
 */

const change = (fields: Partial<ParameterChange> & Pick<ParameterChange, 'parameter' | 'to' | 'unit'>): ParameterChange => ({ protocol: 'spark', market: 'sparklend-ethereum', evidence: 'SYNTHETIC', verified: true, ...fields });

describe('appliedLtv', () => {
  it('gives the own LTV outside eMode, whatever the rule', () => {
    expect(appliedLtv(0, undefined, false, 'ownLtvZero')).toBe(0);
    expect(appliedLtv(7_450, undefined, true, 'ltvzeroBitmap')).toBe(7_450);
  });

  it('counts an eMode member whose own LTV is 0 as 0 under the own-LTV rule, and at the category’s LTV otherwise', () => {
    expect(appliedLtv(0, 9_200, false, 'ownLtvZero')).toBe(0);
    expect(appliedLtv(7_450, 9_200, false, 'ownLtvZero')).toBe(9_200);
  });

  it('counts an eMode member by the ltvzero bitmap under the 3.6 rule, whatever its own LTV', () => {
    expect(appliedLtv(0, 9_200, false, 'ltvzeroBitmap')).toBe(9_200);
    expect(appliedLtv(7_450, 9_200, true, 'ltvzeroBitmap')).toBe(0);
  });
});

describe('borrowing power under the eMode LTV rules', () => {
  // SYNTHETIC: 10 rETH worth $30,000 in an ETH category of LTV 92 %, borrowing $10,000 (figures of the truth audit's case).
  const sparkHolder: LendingAccount = {
    market: 'sparklend-ethereum',
    healthFactor: 2.82,
    debtUsd: 10_000,
    eMode: { id: 1, label: 'ETH', ltv: 9_200, liquidationThreshold: 9_400 },
    collateral: [{ asset: 'rETH', valueUsd: 30_000, liquidationThreshold: 7_950, ltv: 7_450, inEMode: true }],
  };

  it('takes 92 % of the rETH value off an ETH-eMode holder’s borrowing power when SparkLend sets rETH’s LTV to 0 (spell of 2026-04-23)', () => {
    const [effect] = lendingEffects(sparkHolder, [change({ asset: 'rETH', parameter: 'ltv', to: 0, unit: 'bps' })]);
    expect(effect!.summary).toBe('You could borrow about $27,600 less against rETH; your debt ($10,000) would exceed it, so no new borrowing or collateral withdrawal until you repay. The health factor does not depend on LTV.');
  });

  it('leaves a 3.6 eMode member’s borrowing power alone when only its own LTV goes to 0', () => {
    const aaveHolder: LendingAccount = { ...sparkHolder, market: 'aave-v3-ethereum', eMode: { ...sparkHolder.eMode!, ltvRule: 'ltvzeroBitmap' } };
    const [effect] = lendingEffects(aaveHolder, [change({ protocol: 'aave', market: 'aave-v3-ethereum', asset: 'rETH', parameter: 'ltv', to: 0, unit: 'bps' })]);
    expect(effect!.summary).toBe('Borrowing power of your aave v3 ethereum account does not change.');
  });

  it('takes the member’s whole borrowing power when a 3.6 payload sets its ltvzero flag in the account’s category, and not in another', () => {
    const aaveHolder: LendingAccount = { ...sparkHolder, market: 'aave-v3-ethereum', eMode: { ...sparkHolder.eMode!, ltvRule: 'ltvzeroBitmap' } };
    const zero = (eModeCategory: number) => change({ protocol: 'aave', market: 'aave-v3-ethereum', asset: 'rETH', eModeCategory, parameter: 'eModeLtvZero', to: 'enabled', unit: 'state' });
    expect(lendingEffects(aaveHolder, [zero(1)])[0]!.summary).toMatch(/^You could borrow about \$27,600 less against rETH/);
    expect(lendingEffects(aaveHolder, [zero(2)])[0]!.summary).toBe('Borrowing power of your aave v3 ethereum account does not change.');
  });
});

describe('the config engine’s ltvzero flag (aave-v3-origin 3.6 EModeEngine)', () => {
  const layout = ENGINE_LAYOUTS.assetsEModeUpdates.find((candidate) => candidate.eras === 'F-G')!;
  const WSTETH = '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0';

  it('states ENABLED and DISABLED as eModeLtvZero changes of the asset in its category, and KEEP_CURRENT as nothing', () => {
    const entries = [
      { asset: WSTETH, eModeCategory: 1, borrowable: KEEP_CURRENT, collateral: KEEP_CURRENT, ltvzero: 1n },
      { asset: WSTETH, eModeCategory: 2, borrowable: KEEP_CURRENT, collateral: KEEP_CURRENT, ltvzero: 0n },
      { asset: WSTETH, eModeCategory: 3, borrowable: KEEP_CURRENT, collateral: KEEP_CURRENT, ltvzero: KEEP_CURRENT },
    ];
    const changes = configEngineChanges({ protocol: 'aave', payload: 'SYNTHETIC', target: '0x0000000000000000000000000000000000000001', market: 'aave-v3-ethereum', views: [{ view: 'assetsEModeUpdates', layout, entries }], symbols: { [WSTETH.toLowerCase()]: 'wstETH' } });
    expect(changes.map(({ asset, eModeCategory, parameter, to }) => ({ asset, eModeCategory, parameter, to }))).toEqual([
      { asset: 'wstETH', eModeCategory: 1, parameter: 'eModeLtvZero', to: 'enabled' },
      { asset: 'wstETH', eModeCategory: 2, parameter: 'eModeLtvZero', to: 'disabled' },
    ]);
  });
});
