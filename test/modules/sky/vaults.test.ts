import { describe, expect, it } from 'vitest';
import { collateralizationRatio, liquidationPrice, vaultAccount, vaultHealthFactor } from '../../../shared/modules/sky/vaults.js';
import { runWhatIf } from '../../../shared/whatIf/runWhatIf.js';

/*
 * Vault arithmetic and the vault what-if, worked by hand: 10 ETH worth $30,000 against
 * 12,000 DAI, mat 1.45, stability fee 5 %. Hand-made account (no vault is read from the chain yet).
 */
const vault = { ilk: 'ETH-A', collateral: 10, collateralUsd: 30_000, debt: 12_000, mat: 1.45, duty: 0.05 };

describe('a Sky vault', () => {
  it('CR = 30,000 / 12,000 = 2.5; HF = CR / mat = 2.5 / 1.45 = 1.7241; liquidated at 12,000 × 1.45 / 10 = $1,740 an ETH', () => {
    expect(collateralizationRatio(vault)).toBe(2.5);
    expect(vaultHealthFactor(vault, 1.45)).toBeCloseTo(1.724138, 6);
    expect(liquidationPrice(vault, 1.45)).toBeCloseTo(1_740, 9);
  });

  it('as a lending account, one collateral at LT 1/mat gives the same health factor', () => {
    const account = vaultAccount(vault, 'ETH-A');
    expect(account.collateral[0]!.liquidationThreshold).toBeCloseTo(6896.55, 2);
    expect(account.healthFactor).toBeCloseTo((30_000 * (1 / 1.45)) / 12_000, 12);
  });
});

describe('the vault what-if (the issue’s inputs)', () => {
  const input = (change: Record<string, unknown>) => ({ protocol: 'sky', account: { vault }, changes: [change] });

  it('mat 1.45 → 1.5: HF 2.5/1.45 = 1.72 → 2.5/1.5 = 1.67, liquidation price $1,740 → $1,800', async () => {
    const result = await runWhatIf(input({ parameter: 'mat', ilk: 'ETH-A', to: 1.5 }));
    expect(result.healthFactor!.before).toBeCloseTo(1.724138, 6);
    expect(result.healthFactor!.after).toBeCloseTo(1.666667, 6);
    // A fall of 0.057 ≥ 0.05: medium, by the health-factor rules.
    expect(result.impact).toMatchObject({ level: 'medium', affectedAssets: ['ETH-A'] });
    expect(result.impact!.estimatedChange).toContain('health factor 1.72 → 1.67');
    expect(result.impact!.estimatedChange).toContain('$1,740 → $1,800');
  });

  it('mat to 2.6 makes it liquidatable: HF 2.5 / 2.6 = 0.96, critical', async () => {
    const result = await runWhatIf(input({ parameter: 'mat', ilk: 'ETH-A', to: 2.6 }));
    expect(result.impact).toMatchObject({ level: 'critical' });
    expect(result.healthFactor!.after).toBeCloseTo(0.961538, 6);
  });

  it('stability fee 5 % → 6 % on 12,000 DAI: $120 a year more, medium', async () => {
    const result = await runWhatIf(input({ parameter: 'stabilityFee', ilk: 'ETH-A', to: 0.06 }));
    expect(result.impact).toMatchObject({ level: 'medium', estimatedImpactUsd: -120 });
  });

  it('a change for another ilk reaches nothing', async () => {
    const result = await runWhatIf(input({ parameter: 'stabilityFee', ilk: 'WBTC-A', to: 0.06 }));
    expect(result.impact).toBeNull();
  });
});
