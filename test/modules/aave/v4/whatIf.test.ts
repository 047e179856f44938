import { describe, expect, it } from 'vitest';
import { runWhatIf, WhatIfInputError } from '../../../../shared/whatIf/runWhatIf.js';

/*
 * An Aave v4 spoke account by hand: $30,000 of WETH on config key 1 (factors by key 78 %, 80 %,
 * 82 %), $10,000 of wstETH on its only key (75 %), $12,000 of USDC drawn. The spoke's health
 * factor is Σ CF·C / D (Spoke._processUserAccountData):
 *   before (30,000 × 0.80 + 10,000 × 0.75) / 12,000 = 2.625;
 *   key 1 to 75 %: (22,500 + 7,500) / 12,000 = 2.5.
 */
const account = {
  spoke: 'aave-v4-ethereum-main',
  reserves: [
    { asset: 'WETH', suppliedUsd: 30_000, collateral: true, collateralFactors: [0.78, 0.8, 0.82], dynamicConfigKey: 1, collateralRisk: 0.15 },
    { asset: 'wstETH', suppliedUsd: 10_000, collateral: true, collateralFactors: [0.75], collateralRisk: 0.1 },
    { asset: 'USDC', drawnUsd: 12_000 },
  ],
};
const run = (changes: unknown[]) => runWhatIf({ protocol: 'aave', account, changes });

describe('the what-if command on an Aave v4 spoke account', () => {
  it('moves the health factor by a change to the key the position is on, as the spoke computes it', async () => {
    const result = await run([{ asset: 'WETH', parameter: 'v4CollateralFactor', configKey: 1, to: 0.75 }]);
    expect(result.healthFactor).toEqual({ before: 2.625, after: 2.5 });
    expect(result.changes).toEqual([{ asset: 'WETH', configKey: 1, parameter: 'v4CollateralFactor', to: 0.75, verified: true, verdict: 'matches_chain', accountValue: 0.8 }]);
    expect(result.impact).toMatchObject({ analysisStatus: 'simulated' });
  });

  it('leaves the account where it is for a change to another key: its latest, or one added after it', async () => {
    for (const configKey of [2, 3]) {
      const result = await run([{ asset: 'WETH', parameter: 'v4CollateralFactor', configKey, to: 0.6 }]);
      expect(result.healthFactor).toEqual({ before: 2.625, after: 2.625 });
      expect(result.changes[0]!.verdict).toBe('reaches_no_position');
    }
  });

  it('takes a position with no key given as on the latest', async () => {
    const result = await run([{ asset: 'wstETH', parameter: 'v4CollateralFactor', configKey: 0, to: 0.7 }]);
    // wstETH 10,000 × 0.70: (24,000 + 7,000) / 12,000 = 2.583333.
    expect(result.healthFactor).toEqual({ before: 2.625, after: 2.583333 });
  });

  it('says what a liquidation fee or bonus change does without moving the health factor', async () => {
    const result = await run([
      { asset: 'WETH', parameter: 'v4LiquidationFee', configKey: 1, to: 0.12 },
      { asset: 'WETH', parameter: 'v4MaxLiquidationBonus', configKey: 1, from: 0.05, to: 0.06 },
    ]);
    expect(result.healthFactor).toEqual({ before: 2.625, after: 2.625 });
    expect(result.impact?.level).toBe('low');
  });

  it('refuses a key the account lists no factor for, and an unknown spoke, naming the field', async () => {
    const bad = (patch: object) => runWhatIf({ protocol: 'aave', account: { ...account, ...patch }, changes: [{ parameter: 'v4CollateralFactor', configKey: 0, to: 0.5 }] });
    await expect(bad({ reserves: [{ ...account.reserves[0], dynamicConfigKey: 3 }] })).rejects.toThrow(/key 3 has no collateral factor[^]*account\.reserves\[0\]\.dynamicConfigKey/);
    await expect(bad({ spoke: 'aave-v4-ethereum-nowhere' })).rejects.toThrow(WhatIfInputError);
    await expect(bad({ spoke: 'aave-v4-ethereum-nowhere' })).rejects.toThrow(/account\.spoke/);
    // A v3 account keeps its messages.
    await expect(runWhatIf({ protocol: 'aave', account: { reserves: [{ asset: 'WETH', liquidationThreshold: 3 }] }, changes: [{ parameter: 'ltv', to: 0.5 }] })).rejects.toThrow(/reserves\[0\]\.liquidationThreshold/);
  });
});
