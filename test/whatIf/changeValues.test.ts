import { describe, expect, it } from 'vitest';
import { runWhatIf, WhatIfInputError } from '../../shared/whatIf/runWhatIf.js';
import { simulateProposalInDetail } from '../support/simulator.js';
import { change, lendingPositions, proposal } from '../simulate/fixtures.js';

/*
 * Change values are held to the rules account values are (shares 0 to 1, rates 0 to 10, amounts
 * from 0, numbers as numbers): the what-if refuses them naming the field, and a decoded change out
 * of range is never simulated. The examples are the issue's. Hand-made accounts.
 */

// $30,000 of WETH (LT 0.83) against $15,000 of USDC: HF 1.66.
const aave = {
  protocol: 'aave',
  account: {
    reserves: [
      { asset: 'WETH', suppliedUsd: 30000, collateral: true, liquidationThreshold: 0.83, ltv: 0.805 },
      { asset: 'USDC', borrowedUsd: 15000, reserveFactor: 0.1, supplyApr: 0.04 },
    ],
  },
};
const lt = (to: unknown, from?: unknown) => ({ ...aave, changes: [{ asset: 'WETH', parameter: 'liquidationThreshold', to, ...(from !== undefined && { from }) }] });

describe('the what-if refuses a change value its unit cannot take, naming the field', () => {
  it.each([
    ['a negative liquidation threshold (was graded critical at HF −1.0)', lt(-0.5), 'changes[0].to: -0.5 must be from 0 to 1'],
    ['a percent for a fraction (80 for 0.80; was HF 160)', lt(80), 'changes[0].to: 80 must be from 0 to 1 (a share as a fraction: 0.8 for 80 %)'],
    ['a number written as a string (was read as a word: "stays at 1.66")', lt('0.79'), 'changes[0].to: "0.79" must be a number, not a string'],
    ['1e308 (was NaN)', lt(1e308), 'changes[0].to: 1e+308 must be from 0 to 1'],
    ['a reserve factor of 1.5 (was a negative APR)', { ...aave, changes: [{ asset: 'USDC', parameter: 'reserveFactor', to: 1.5 }] }, 'changes[0].to: 1.5 must be from 0 to 1'],
    ['an old value out of range', lt(0.8, 83), 'changes[0].from: 83 must be from 0 to 1'],
    ['a yearly rate above 1,000 %', { ...aave, changes: [{ asset: 'USDC', parameter: 'slope2', to: 12 }] }, 'changes[0].to: 12 must be from 0 to 10'],
    ['a negative cap', { ...aave, changes: [{ asset: 'USDC', parameter: 'supplyCap', to: -1 }] }, 'changes[0].to: -1 must be 0 or more'],
  ])('%s', async (_, input, message) => {
    await expect(runWhatIf(input)).rejects.toThrow(WhatIfInputError);
    await expect(runWhatIf(input)).rejects.toThrow(message);
  });

  it('still takes a value at either end of its range', async () => {
    await expect(runWhatIf(lt(0))).resolves.toMatchObject({ healthFactor: { before: 1.66, after: 0 } });
    await expect(runWhatIf(lt(1))).resolves.toMatchObject({ healthFactor: { before: 1.66, after: 2 } });
  });
});

describe('a decoded change out of range', () => {
  // The same account as the simulator reads it: $30,000 of WETH (LT 83 %) against $15,000: HF 1.66.
  const account = { market: 'aave-v3-ethereum', healthFactor: 1.66, debtUsd: 15_000, collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8300, ltv: 8050 }] };
  it.each([
    ['a negative threshold', change({ asset: 'WETH', parameter: 'liquidationThreshold', to: -5000 }), '"the liquidation threshold of WETH to -5000 (in basis points), which must be from 0 to 10000'],
    ['a threshold in percent points of bps', change({ asset: 'WETH', parameter: 'liquidationThreshold', to: 800_000 }), 'to 800000 (in basis points), which must be from 0 to 10000'],
    ['a number as a string', change({ asset: 'WETH', parameter: 'liquidationThreshold', to: '7900' }), 'to "7900" (in basis points), which must be a number, not a string'],
    ['infinity', change({ asset: 'WETH', parameter: 'liquidationThreshold', to: Number.POSITIVE_INFINITY }), 'to Infinity (in basis points), which must be a finite number'],
  ])('is never simulated: %s', (_, decoded, words) => {
    const detail = simulateProposalInDetail(proposal([decoded]), lendingPositions(account))!;
    expect(detail.changes[0]!.verdict).toBe('out_of_range');
    expect(detail.impact.analysisStatus).toBe('awaiting_analysis');
    expect(detail.impact.summary).toContain(words.replace(/^"/, 'The proposal sets '));
    expect(detail.impact.estimatedChange).toBeUndefined();
    expect(detail.effects.some((effect) => effect.healthFactor)).toBe(false);
  });
});

describe('what the what-if prints', () => {
  it('gives the health factor before and after even when the changes leave it where it is', async () => {
    // An LTV cut moves borrowing power, not the health factor.
    const result = await runWhatIf({ ...aave, changes: [{ asset: 'WETH', parameter: 'ltv', to: 0.7 }] });
    expect(result.healthFactor).toEqual({ before: 1.66, after: 1.66 });
  });

  it('gives it for a change that reaches no lending parameter at all', async () => {
    const result = await runWhatIf({ ...aave, changes: [{ asset: 'USDC', parameter: 'reserveFactor', to: 0.2 }] });
    expect(result.healthFactor).toEqual({ before: 1.66, after: 1.66 });
  });

  it('quotes no health factor and no dollar figure in an awaiting_analysis summary', async () => {
    // The LT cut alone would read "moves from 1.66 to 1.60"; the contradicted reserve factor keeps the whole unquantified.
    const result = await runWhatIf({ ...aave, changes: [{ asset: 'WETH', parameter: 'liquidationThreshold', to: 0.8 }, { asset: 'USDC', parameter: 'reserveFactor', from: 0.3, to: 0.2 }] });
    expect(result.impact).toMatchObject({ analysisStatus: 'awaiting_analysis' });
    expect(result.impact!.summary).not.toMatch(/1\.6|\$/);
    expect(result.impact!.summary).toContain('not simulated until they agree');
    expect(result.healthFactor).toEqual({ before: 1.66, after: 1.66 });
  });

  it('gives an in-effect XRPL reserve change no estimatedChange', async () => {
    // The ledger already reserves 1 XRP: the change to 1 is in effect, and says what it did in details.
    const result = await runWhatIf({ protocol: 'xrpl', account: { xrp: 100, ownerCount: 5, reserveBase: 1, reserveIncrement: 0.2 }, changes: [{ parameter: 'reserveBase', from: 10, to: 1 }] });
    expect(result.changes[0]!.verdict).toBe('in_effect');
    expect(result.impact).toMatchObject({ level: 'none' });
    expect(result.impact!.estimatedChange).toBeUndefined();
    expect(result.impact!.details).toBe('What it did: reserve 11 → 2\u00a0XRP.');
  });

  it('takes a spark account', async () => {
    const result = await runWhatIf({ ...aave, protocol: 'spark', changes: [{ asset: 'WETH', parameter: 'liquidationThreshold', to: 0.8 }] });
    expect(result.healthFactor).toEqual({ before: 1.66, after: 1.6 });
  });

  it('takes a morpho vault holding', async () => {
    const result = await runWhatIf({ protocol: 'morpho', account: { vault: '0xBEEF01735c132Ada46AA9aA4c54623cAA92A64CB', asset: 'USDC', amount: 10_000, priceUsd: 1, apr: 0.05, fee: 0.1 }, changes: [{ parameter: 'vaultFee', to: 0.2 }] });
    // Net 5 % after a 10 % fee: 0.05 / 0.9 × 0.8 = 0.04444; −0.005556 × 10,000 = −$55.56 a year.
    expect(result.impact!.estimatedImpactUsd).toBeCloseTo(-55.56, 2);
  });
});

describe('a Comet account in the what-if', () => {
  // cUSDCv3's curve (comet deployments/mainnet/usdc/configuration.json) at 90 % utilization; $10,000 borrowed.
  const compound = {
    protocol: 'compound',
    account: {
      reserves: [
        { asset: 'WETH', suppliedUsd: 30000, collateral: true, liquidationThreshold: 0.895, ltv: 0.825 },
        { asset: 'USDC', borrowedUsd: 10000, rateModel: { optimalUsage: 0.8, baseRate: 0.015, slope1: 0.035, slope2: 0.25, utilization: 0.9, supply: { optimalUsage: 0.8, baseRate: 0, slope1: 0.0325, slope2: 0.4 } } },
      ],
    },
  };
  it('prices a borrow slopeHigh 0.25 → 0.35 in Comet’s form: 6.80 % → 7.80 %, $100 a year more', async () => {
    const result = await runWhatIf({ ...compound, changes: [{ parameter: 'interestRateSlopeHigh', side: 'borrow', to: 0.35 }] });
    expect(result.changes[0]).toMatchObject({ verdict: 'matches_chain', accountValue: expect.closeTo(0.25, 6) });
    expect(result.impact!.estimatedImpactUsd).toBeCloseTo(-100, 1);
    expect(result.impact!.estimatedChange).toContain('6.8\u00a0% → 7.8\u00a0%');
  });
});
