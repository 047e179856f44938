import { describe, expect, it } from 'vitest';
import type { LendingAccount } from '../../shared/domain/position.js';
import { appliedLtv, applyToCollateral, jointHealthFactor, lendingEffects } from '../../shared/simulate/lendingEffects.js';
import { registered } from '../../shared/modules/registry.js';
import { checkAgainstChain } from '../../shared/simulate/checkAgainstChain.js';
import { touches } from '../support/simulator.js';
import { change, lendingPositions } from './fixtures.js';

/*
 * aave-v3-origin 3.7's isolated eMode categories (ValidationLogic.getUserReserveLtv: a collateral
 * outside an isolated category counts at LTV 0; its LT, and so the health factor, do not move).
 * The cases are the scenarios of Aave's own 3.7 tests and notes (aave-dao/aave-v3-origin @4fbd744,
 * tests/protocol/pool/Pool.EMode.Isolated.sol, Pool.EMode.Isolated.EdgeCases.sol and
 * docs/3.7/isolated-emode.md "Scenario D"); the figures are SYNTHETIC. The compiled 3.7 logic checks
 * the rule on generated states in test/oracles/lendingPoolLtv.test.ts and lendingPoolHealthFactor.test.ts.
 */

// SYNTHETIC: in category 1 with USDX (a member) and WETH (outside it) as collateral, borrowing $4,000.
const account = (isolated?: boolean): LendingAccount => ({
  market: 'aave-v3-ethereum',
  healthFactor: 2.6,
  debtUsd: 4_000,
  eMode: { id: 1, label: 'GROUP_A', ltv: 9_000, liquidationThreshold: 9_300, ltvRule: 'ltvzeroBitmap', ...(isolated !== undefined && { isolated }) },
  collateral: [
    { asset: 'USDX', valueUsd: 6_000, liquidationThreshold: 8_600, ltv: 8_200, inEMode: true },
    { asset: 'WETH', valueUsd: 5_000, liquidationThreshold: 8_300, ltv: 8_000 },
  ],
});
const isolate = (to: 'enabled' | 'disabled', eModeCategory = 1) => change({ parameter: 'eModeIsolated', eModeCategory, to, unit: 'state' });
const power = (entries: ReturnType<typeof applyToCollateral>, side: 'before' | 'after') => entries.reduce((sum, entry) => sum + (entry.collateral.valueUsd * entry[side].ltv!) / 10_000, 0);

describe('appliedLtv in an isolated category', () => {
  it('counts a collateral outside it at 0, and a member at the category’s LTV unless its ltvzero bit is set', () => {
    expect(appliedLtv(8_000, undefined, false, 'ltvzeroBitmap', true)).toBe(0);
    expect(appliedLtv(8_200, 9_000, false, 'ltvzeroBitmap', true)).toBe(9_000);
    expect(appliedLtv(8_200, 9_000, true, 'ltvzeroBitmap', true)).toBe(0);
  });

  it('leaves a collateral outside a category that is not isolated at its own LTV', () => {
    expect(appliedLtv(8_000, undefined, false, 'ltvzeroBitmap', false)).toBe(8_000);
  });
});

describe('a proposal that isolates the account’s category (Scenario D: existing users get LTV 0)', () => {
  it('takes WETH’s LTV to 0 and leaves USDX at the category’s: borrowing power 9,400 → 5,400', () => {
    const applied = applyToCollateral(account(false), [isolate('enabled')]);
    expect(applied.map(({ collateral, before, after }) => [collateral.asset, before.ltv, after.ltv])).toEqual([
      ['USDX', 9_000, 9_000],
      ['WETH', 8_000, 0],
    ]);
    expect([power(applied, 'before'), power(applied, 'after')]).toEqual([9_400, 5_400]);
  });

  it('does not move the health factor (test_adminToggle_hfNear1_hfUnaffected)', () => {
    expect(jointHealthFactor(account(false), [isolate('enabled')])).toBe(2.6);
    // Only a borrowing-power effect: no liquidation threshold moves.
    const effects = lendingEffects(account(false), [isolate('enabled')]);
    expect(effects).toHaveLength(1);
    expect(effects[0]!.healthFactor).toBeUndefined();
    expect(effects[0]!.summary).toMatch(/^You could borrow about \$4,000 less against eMode category 1/);
  });

  it('leaves an account with only collateral outside the category no borrowing power (test_adminToggle_cannotBorrowAfterIsolationEnabled)', () => {
    const onlyWeth: LendingAccount = { ...account(false), collateral: [account().collateral[1]!] };
    const applied = applyToCollateral(onlyWeth, [isolate('enabled')]);
    expect([power(applied, 'before'), power(applied, 'after')]).toEqual([4_000, 0]);
  });

  it('gives the collateral outside it back its own LTV when the isolation is lifted, and ignores another category’s', () => {
    expect(power(applyToCollateral(account(true), [isolate('disabled')]), 'after')).toBe(9_400);
    expect(power(applyToCollateral(account(true), [isolate('disabled', 2)]), 'after')).toBe(5_400);
  });

  it('reaches the accounts of that category only, and is checked against the flag the scan read', () => {
    const [position] = lendingPositions(account(false));
    expect(touches(isolate('enabled'), position!)).toBe(true);
    expect(touches(isolate('enabled', 2), position!)).toBe(false);
  });
});

describe('the flag as the scan reads it', () => {
  it('finds a proposal isolating a category the chain already isolates in effect, and checks none where the scan read no flag', async () => {
    const REGISTERED = await registered();
    const check = (read: LendingAccount) => checkAgainstChain(isolate('enabled'), lendingPositions(read), REGISTERED);
    expect(check(account(true))).toMatchObject({ verdict: 'in_effect', chainValue: 'enabled' });
    expect(check(account(false))).toMatchObject({ verdict: 'matches_chain', chainValue: 'disabled' });
    expect(check(account())).toMatchObject({ verdict: 'not_checked' });
  });
});
