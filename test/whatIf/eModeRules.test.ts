import { describe, expect, it } from 'vitest';
import { runWhatIf, WhatIfInputError } from '../../shared/whatIf/runWhatIf.js';

/*
 * The what-if account carries its pool's eMode rule (issue #20): Spark's default `ownLtvZero`,
 * Aave's `ltvzeroBitmap`, or the account's own `eMode.ltvRule`, with the category's `ltvzero`
 * members and (3.7) `isolated` flag. The figures are the oracle vectors' (test/oracles/
 * lendingPoolEModeLtZero.test.ts, where the pools' own GenericLogic gives them): rETH, an eMode
 * member whose own LT and LTV are 0, $10,000; WETH outside the category, LT 0.80, LTV 0.75,
 * $5,000; $8,000 of USDC borrowed; the category LT 0.95, LTV 0.90. SYNTHETIC.
 */

const account = (eMode: Record<string, unknown> = {}) => ({
  reserves: [
    { asset: 'rETH', suppliedUsd: 10_000, collateral: true, liquidationThreshold: 0, ltv: 0 },
    { asset: 'WETH', suppliedUsd: 5_000, collateral: true, liquidationThreshold: 0.8, ltv: 0.75 },
    { asset: 'USDC', borrowedUsd: 8_000, liquidationThreshold: 0.78, ltv: 0.75 },
  ],
  eMode: { id: 1, ltv: 0.9, liquidationThreshold: 0.95, assets: ['rETH'], ...eMode },
});
const cutCategoryLt = [{ parameter: 'eModeLiquidationThreshold', eModeCategory: 1, to: 0.92 }];

describe('the what-if account’s eMode rule', () => {
  it('counts nothing for a SparkLend member whose own LT is 0: HF 0.5, and a cut of the category’s LT moves nothing', async () => {
    const result = await runWhatIf({ protocol: 'spark', account: account(), changes: cutCategoryLt });
    expect(result.healthFactor).toEqual({ before: 0.5, after: 0.5 });
  });

  it('counts an Aave 3.6 member at the category’s LT whatever its own: HF 1.6875 → 1.65', async () => {
    const result = await runWhatIf({ protocol: 'aave', account: account(), changes: cutCategoryLt });
    expect(result.healthFactor).toEqual({ before: 1.6875, after: 1.65 });
  });

  it('takes the rule the account states over its module’s', async () => {
    expect((await runWhatIf({ protocol: 'aave', account: account({ ltvRule: 'ownLtvZero' }), changes: cutCategoryLt })).healthFactor).toEqual({ before: 0.5, after: 0.5 });
    expect((await runWhatIf({ protocol: 'spark', account: account({ ltvRule: 'ltvzeroBitmap' }), changes: cutCategoryLt })).healthFactor).toEqual({ before: 1.6875, after: 1.65 });
  });

  it('isolates a 3.7 category: WETH’s $3,750 of borrowing power goes, the health factor stays', async () => {
    const result = await runWhatIf({ protocol: 'aave', account: account({ isolated: false }), changes: [{ parameter: 'eModeIsolated', eModeCategory: 1, to: 'enabled' }] });
    expect(result.healthFactor).toEqual({ before: 1.6875, after: 1.6875 });
    expect(result.changes[0]).toMatchObject({ verdict: 'matches_chain', accountValue: 'disabled' });
    expect(result.impact?.summary).toMatch(/^You could borrow about \$3,750 less against eMode category 1/);
  });

  it('zeroes an ltvzero member’s LTV: lifting the flag gives back $9,000 of borrowing power', async () => {
    const result = await runWhatIf({ protocol: 'aave', account: account({ ltvzero: ['rETH'] }), changes: [{ asset: 'rETH', parameter: 'eModeLtvZero', eModeCategory: 1, to: 'disabled' }] });
    expect(result.changes[0]).toMatchObject({ verdict: 'matches_chain', accountValue: 'enabled' });
    expect(result.impact?.summary).toMatch(/^You could borrow about \$9,000 more against rETH/);
  });

  it('refuses ltvzero and isolated under the own-LTV rule, and an ltvzero asset outside the category, naming the field', async () => {
    await expect(runWhatIf({ protocol: 'spark', account: account({ ltvzero: ['rETH'] }), changes: cutCategoryLt })).rejects.toThrow(/eMode\.ltvzero/);
    await expect(runWhatIf({ protocol: 'spark', account: account({ isolated: true }), changes: cutCategoryLt })).rejects.toThrow(WhatIfInputError);
    await expect(runWhatIf({ protocol: 'spark', account: account({ isolated: true }), changes: cutCategoryLt })).rejects.toThrow(/eMode\.isolated/);
    await expect(runWhatIf({ protocol: 'aave', account: account({ ltvzero: ['WETH'] }), changes: cutCategoryLt })).rejects.toThrow(/WETH is not in eMode\.assets/);
    await expect(runWhatIf({ protocol: 'aave', account: account({ ltvRule: 'v3.7' }), changes: cutCategoryLt })).rejects.toThrow(/eMode\.ltvRule/);
  });
});
