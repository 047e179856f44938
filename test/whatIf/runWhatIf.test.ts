import { describe, expect, it } from 'vitest';
import { runWhatIf, WhatIfInputError } from '../../shared/whatIf/runWhatIf.js';

// The example: $30,000 of WETH (LT 0.83) against $15,000 of USDC debt.
// HF = 30,000 × 0.83 / 15,000 = 1.66; LT 0.83 → 0.80: 30,000 × 0.80 / 15,000 = 1.60 (a fall of 0.06: medium).
const aave = {
  protocol: 'aave',
  account: {
    reserves: [
      { asset: 'WETH', suppliedUsd: 30000, borrowedUsd: 0, collateral: true, liquidationThreshold: 0.83, ltv: 0.805 },
      { asset: 'USDC', suppliedUsd: 0, borrowedUsd: 15000, collateral: false, liquidationThreshold: 0.78, ltv: 0.75, borrowApy: 0.05 },
    ],
  },
};

describe('the what-if command', () => {
  it('gives the hand-calculated health factor for an aave account', async () => {
    const result = await runWhatIf({ ...aave, changes: [{ asset: 'WETH', parameter: 'liquidationThreshold', to: 0.8 }] });
    expect(result.healthFactor).toEqual({ before: 1.66, after: 1.6 });
    expect(result.impact).toMatchObject({ level: 'medium', estimatedChange: 'health factor 1.66 → 1.60', analysisStatus: 'simulated' });
    expect(result.changes).toEqual([{ asset: 'WETH', parameter: 'liquidationThreshold', to: 0.8, verified: true, verdict: 'matches_chain', accountValue: 0.83 }]);
  });

  it('applies several changes and eMode together', async () => {
    // eMode 1 (LT 0.93) covers WETH: HF = 30,000 × 0.93 / 15,000 = 1.86; the category to 0.90 gives 1.80,
    // and WETH's own LT cut moves nothing (the category governs it).
    const result = await runWhatIf({
      protocol: 'aave',
      account: { ...aave.account, eMode: { id: 1, ltv: 0.9, liquidationThreshold: 0.93, assets: ['WETH'] } },
      changes: [
        { asset: 'WETH', parameter: 'liquidationThreshold', to: 0.5 },
        { parameter: 'eModeLiquidationThreshold', eModeCategory: 1, to: 0.9 },
      ],
    });
    expect(result.healthFactor).toEqual({ before: 1.86, after: 1.8 });
  });

  it('says a change is in effect when the account already has its value', async () => {
    const result = await runWhatIf({ ...aave, changes: [{ asset: 'WETH', parameter: 'liquidationThreshold', from: 0.85, to: 0.83 }] });
    expect(result.changes[0]!.verdict).toBe('in_effect');
    expect(result.impact).toMatchObject({ level: 'none' });
  });

  it('reads a proposal’s tables and simulates only what the account corroborates', async () => {
    const description = ['| Asset | Parameter | Current | Proposed |', '| --- | --- | --- | --- |', '| WETH | Liquidation Threshold | 83% | 80% |', '| USDC | Reserve Factor | 12% | 15% |'].join('\n');
    const result = await runWhatIf({ ...aave, proposal: { title: 'Risk update', description } });
    expect(result.changes.find((change) => change.parameter === 'liquidationThreshold')).toMatchObject({ verdict: 'corroborated', from: 0.83, to: 0.8, verified: false });
    // The USDC reserve factor was not given, so it cannot be corroborated, and nothing is figured.
    expect(result.changes.find((change) => change.parameter === 'reserveFactor')).toMatchObject({ verdict: 'not_corroborated' });
    expect(result.impact).toMatchObject({ analysisStatus: 'awaiting_analysis' });
    expect(result.impact?.estimatedChange).toBeUndefined();
  });

  it('takes Lido’s fee as a fraction: 10 % → 8 % on 100 ETH at $3,000 earning 3 % is $200 a year more', async () => {
    // 300,000 × 0.03 × (0.92 / 0.90 − 1) = 9,000 × 0.02222 = $200
    const result = await runWhatIf({ protocol: 'lido', account: { stakedEth: 100, ethUsd: 3000, apr: 0.03, protocolFee: 0.1 }, changes: [{ parameter: 'protocolFee', to: 0.08 }] });
    expect(result.impact).toMatchObject({ estimatedImpactUsd: 200, level: 'low' });
  });

  it('counts a delegator’s commission: a 5 % and a 10 % validator, tax 10 % → 20 %', async () => {
    // APR = 0.2 × (0.5 × 0.95 + 0.5 × 0.90) = 0.185; after: 0.185 / 0.9 × 0.8 = 0.164444; −0.020556 × 1,000 ATOM × $10 = −$205.56
    const result = await runWhatIf({
      protocol: 'cosmoshub',
      account: { delegations: [{ validator: 'A', atom: 500, commission: 0.05 }, { validator: 'B', atom: 500, commission: 0.1 }], atomUsd: 10, stakingApr: 0.2, communityTax: 0.1 },
      changes: [{ parameter: 'communityTax', to: 0.2 }],
    });
    expect(result.impact?.estimatedImpactUsd).toBeCloseTo(-205.56, 2);
  });

  it('frees XRP with a reserve cut: 10 + 5 × 2 = 20 XRP locked → 1 + 5 × 0.2 = 2', async () => {
    const result = await runWhatIf({ protocol: 'xrpl', account: { xrp: 100, ownerCount: 5, reserveBase: 10, reserveIncrement: 2 }, changes: [{ parameter: 'reserveBase', to: 1 }, { parameter: 'reserveIncrement', to: 0.2 }] });
    expect(result.impact?.estimatedChange).toBe('reserve 20 → 2\u00a0XRP');
  });

  it.each([
    [{ protocol: 'aave', account: aave.account }, 'give either "changes" or "proposal"'],
    [{ ...aave, changes: [{ asset: 'WETH', parameter: 'liquidationThreshold', to: 0.8 }], account: { reserves: [{ asset: 'WETH', liquidationThreshold: 83 }] } }, 'reserves[0].liquidationThreshold'],
    [{ protocol: 'no-such-protocol', changes: [] }, 'protocol'],
    [{ ...aave, changes: [{ parameter: 'nonsense', to: 1 }] }, 'changes[0].parameter'],
  ])('refuses bad input with a message naming where: %#', async (input, where) => {
    await expect(runWhatIf(input)).rejects.toThrow(WhatIfInputError);
    await expect(runWhatIf(input)).rejects.toThrow(where);
  });
});
