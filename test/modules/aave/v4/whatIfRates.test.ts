import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runWhatIf, WhatIfInputError } from '../../../../shared/whatIf/runWhatIf.js';
import { useServer } from '../../../support/server.js';
import { testServices } from '../../../support/services.js';

/*
 * An Aave v4 spoke account's rates by hand (the README's account, with rates): $30,000 of WETH
 * supplied at 2.7 % on a hub keeping a 10 % liquidity fee; $12,000 of USDC drawn at a drawn rate of
 * 4 %, priced at usage 50 %. The account's risk premium, as the spoke computes it, covers the debt
 * with the least risky collateral first: wstETH's $10,000 at 10 %, then $2,000 of WETH at 15 %,
 * (10,000 × 1,000 + 2,000 × 1,500) / 12,000 = 1,083.3 bps, rounded up to 1,084. Its premium shares
 * are its drawn ones × that premium (the position taken as just refreshed), so the borrow pays
 * 4 % × 1.1084 = 4.4336 %.
 */
const WETH = { asset: 'WETH', suppliedUsd: 30_000, collateral: true, collateralFactors: [0.78, 0.8, 0.82], dynamicConfigKey: 1, collateralRisk: 0.15, supplyRate: 0.027, liquidityFee: 0.1 };
const WSTETH = { asset: 'wstETH', suppliedUsd: 10_000, collateral: true, collateralFactors: [0.75], collateralRisk: 0.1 };
const USDC = { asset: 'USDC', drawnUsd: 12_000, drawnRate: 0.04, usage: 0.5 };
const account = { spoke: 'aave-v4-ethereum-main', reserves: [WETH, WSTETH, USDC] };
const MARKET = 'aave-v4-ethereum-main';
// The USDC curve: optimal 80 %, base 0, 8 % before optimal, 60 % after: at usage 50 %, drawn 4 % → 8 % × 0.5 / 0.8 = 5 %.
const CURVE = [
  { parameter: 'optimalUsage', to: 0.8 },
  { parameter: 'baseRate', to: 0 },
  { parameter: 'slope1', to: 0.08 },
  { parameter: 'slope2', to: 0.6 },
].map((change) => ({ market: MARKET, asset: 'USDC', ...change }));

describe('the what-if command on an Aave v4 spoke account’s rates', () => {
  it('prices a liquidity fee change for a supplier: 2.7 % × (1 − 20 %) / (1 − 10 %) = 2.4 %, $90 a year less on $30,000', async () => {
    const result = await runWhatIf({ protocol: 'aave', account, changes: [{ asset: 'WETH', parameter: 'v4LiquidityFee', to: 0.2 }] });
    expect(result.impact).toMatchObject({ analysisStatus: 'simulated', estimatedImpactUsd: -90, estimatedChange: 'about $90 a year less (2.7\u00a0% → 2.4\u00a0%)' });
    expect(result.changes).toEqual([{ asset: 'WETH', parameter: 'v4LiquidityFee', to: 0.2, verified: true, verdict: 'matches_chain', accountValue: 0.1 }]);
    // A fee moves no health factor.
    expect(result.healthFactor).toEqual({ before: 2.625, after: 2.625 });
  });

  it('takes the fee a change states it moves from where the account states none', async () => {
    const { liquidityFee: _, ...withoutFee } = WETH;
    const changes = [{ asset: 'WETH', parameter: 'v4LiquidityFee', from: 0.1, to: 0.2 }];
    const result = await runWhatIf({ protocol: 'aave', account: { ...account, reserves: [withoutFee, WSTETH, USDC] }, changes });
    expect(result.impact).toMatchObject({ analysisStatus: 'simulated', estimatedImpactUsd: -90 });
  });

  it('prices a hub curve for the borrower at the usage stated, with its risk premium: 4.4336 % → 5 % × 1.1084 = 5.542 %, $133.01 a year more', async () => {
    const result = await runWhatIf({ protocol: 'aave', account, changes: CURVE });
    expect(result.impact).toMatchObject({ analysisStatus: 'simulated', estimatedImpactUsd: -133.01, estimatedChange: 'about $133 a year more (4.43\u00a0% → 5.54\u00a0%)' });
  });

  it('prices both in one proposal, each on the position it reaches', async () => {
    const result = await runWhatIf({ protocol: 'aave', account, changes: [{ asset: 'WETH', parameter: 'v4LiquidityFee', to: 0.2 }, ...CURVE] });
    expect(result.impact).toMatchObject({ analysisStatus: 'simulated', estimatedImpactUsd: -223.01 });
  });

  it('moves a supply on the curve by its share of the drawn rate: 2.7 % of 5 % drawn is 54 %, so 5 % → 9 % × (5/9) / 90 % drawn is 3.0 %', async () => {
    // The share is the stated supply rate over the stated drawn rate (supplyRate.ts: apr = drawnRate × share).
    const weth = { ...WETH, drawnRate: 0.05, usage: 5 / 9 };
    const curve = [
      { parameter: 'optimalUsage', to: 0.9 },
      { parameter: 'baseRate', to: 0 },
      { parameter: 'slope1', to: 0.09 },
      { parameter: 'slope2', to: 0.5 },
    ].map((change) => ({ market: MARKET, asset: 'WETH', ...change }));
    const result = await runWhatIf({ protocol: 'aave', account: { ...account, reserves: [weth, WSTETH, USDC] }, changes: curve });
    // 30,000 × (3.0 % − 2.7 %) = $90 more.
    expect(result.impact).toMatchObject({ analysisStatus: 'simulated', estimatedImpactUsd: 90 });
  });

  it('says the rate was not given where the account states none, or no usage for a curve', async () => {
    const bare = { spoke: MARKET, reserves: [{ ...WSTETH }, { asset: 'USDC', drawnUsd: 12_000, drawnRate: 0.04 }] };
    const fee = await runWhatIf({ protocol: 'aave', account: { ...bare, reserves: [{ asset: 'WETH', suppliedUsd: 30_000 }, ...bare.reserves] }, changes: [{ asset: 'WETH', parameter: 'v4LiquidityFee', to: 0.2 }] });
    expect(fee.impact).toMatchObject({ analysisStatus: 'awaiting_analysis' });
    expect(fee.impact!.summary).toContain('the inputs to compute its rate were not read');
    const curve = await runWhatIf({ protocol: 'aave', account: bare, changes: CURVE });
    expect(curve.impact).toMatchObject({ analysisStatus: 'awaiting_analysis' });
  });

  it('gives the README’s example the figure the README states', async () => {
    const readme = readFileSync(new URL('../../../../README.md', import.meta.url), 'utf8');
    const example = readme.split('A reserve may also state its rates')[1]!.split('```json')[1]!.split('```')[0]!;
    const result = await runWhatIf(JSON.parse(example));
    expect(result.impact).toMatchObject({ analysisStatus: 'simulated', estimatedImpactUsd: -223.01 });
    expect(readme).toContain('$133.01 a year more ($223.01 in all)');
  });

  it('refuses a rate or fee out of its range, naming the field', async () => {
    const bad = (patch: object) => runWhatIf({ protocol: 'aave', account: { ...account, reserves: [{ ...WETH, ...patch }, WSTETH, USDC] }, changes: [{ asset: 'WETH', parameter: 'v4LiquidityFee', to: 0.2 }] });
    await expect(bad({ supplyRate: -0.01 })).rejects.toThrow(WhatIfInputError);
    await expect(bad({ supplyRate: -0.01 })).rejects.toThrow(/account\.reserves\[0\]\.supplyRate/);
    await expect(bad({ liquidityFee: 1.5 })).rejects.toThrow(/account\.reserves\[0\]\.liquidityFee/);
    await expect(bad({ usage: 'half' })).rejects.toThrow(/account\.reserves\[0\]\.usage/);
    await expect(runWhatIf({ protocol: 'aave', account, changes: [{ asset: 'WETH', parameter: 'v4LiquidityFee', to: 20 }] })).rejects.toThrow(/changes\[0\]\.to: 20 must be from 0 to 1/);
    // The spoke stores factors and risks in whole bps: a fraction of one is refused, never a crash.
    await expect(bad({ collateralFactors: [0.78123] })).rejects.toThrow(/whole number of bps[^]*account\.reserves\[0\]\.collateralFactors\[0\]/);
    await expect(bad({ collateralRisk: 0.123456 })).rejects.toThrow(/whole number of bps[^]*account\.reserves\[0\]\.collateralRisk/);
  });
});

describe('POST /api/simulate with a v4 account’s rates', () => {
  const server = useServer(() => testServices({ quota: 1000 }));
  const post = (body: unknown) => fetch(`${server.url}/api/simulate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('answers the fee change with the command’s figure', async () => {
    const response = await post({ protocol: 'aave', account, changes: [{ asset: 'WETH', parameter: 'v4LiquidityFee', to: 0.2 }] });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { impact: { estimatedImpactUsd: number } }).impact.estimatedImpactUsd).toBe(-90);
  });

  it('refuses a bad rate with the contract’s 400 invalid_input envelope, naming the field', async () => {
    for (const [patch, field] of [
      [{ drawnRate: 'four percent' }, /account\.reserves\[2\]\.drawnRate/],
      [{ drawnRate: 11 }, /account\.reserves\[2\]\.drawnRate/],
      [{ liquidityFee: -1 }, /account\.reserves\[2\]\.liquidityFee/],
    ] as const) {
      const response = await post({ protocol: 'aave', account: { ...account, reserves: [WETH, WSTETH, { ...USDC, ...patch }] }, changes: CURVE });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await response.json()) as { error: string; code: string; hint: string };
      expect(body.code).toBe('invalid_input');
      expect(body.error).toMatch(field);
      expect(body.hint).toBeTruthy();
    }
  });
});
