import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracle } from './support/oracleChain.js';
import { checkSupplyApr, type HubAssetState, hubAsset, overAYear, type YearAnswer } from './support/v4HubStates.js';

/*
 * So that a run without the aave-v4 sources (CI: they are in no npm package) still proves the v4
 * supply rate on Aave's code: test/fixtures/oracles/aave-v4-supply-vectors.json holds 300 SYNTHETIC
 * hub assets (fixed seed) with what aave-v4 v0.5.11's AssetLogic answered for each
 * (AaveV4HubOracle.overAYear). Every run checks our rate against those answers as
 * aaveV4SupplyRate.test.ts does; where the sources are extracted, it also recomputes every vector
 * and fails on a stale one. GOVEX_WRITE_ORACLE_VECTORS=1 rewrites the file.
 */
const FILE = new URL('../fixtures/oracles/aave-v4-supply-vectors.json', import.meta.url);
const SEED = 22_0411;
const COUNT = 300;

interface Vector {
  state: HubAssetState;
  answer: YearAnswer;
}

const big = (_: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);
const unbig = (_: string, value: unknown) => (typeof value === 'string' && /^-?\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value);
const readVectors = (): Vector[] => (JSON.parse(readFileSync(FILE, 'utf8'), unbig) as { vectors: Vector[] }).vectors;

describe.skipIf(process.env.GOVEX_WRITE_ORACLE_VECTORS)('Aave v4 supply rate against the committed AssetLogic answers', () => {
  const vectors = existsSync(FILE) ? readVectors() : [];

  it(`holds ${COUNT} hub assets, most of them earning`, () => {
    expect(vectors).toHaveLength(COUNT);
    expect(vectors.filter(({ answer }) => answer.addedLater > answer.addedNow).length).toBeGreaterThan(COUNT / 2);
  });

  it('our supply rate is what the hub’s added assets and a holder’s shares gain over a year, on every asset', () => {
    for (const { state, answer } of vectors) checkSupplyApr(state, answer);
  });

  it('each vector is what aave-v4 v0.5.11 answers now (where its sources are extracted)', async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    const fresh = await Promise.all(vectors.map(({ state }) => overAYear(chain, state)));
    expect(fresh).toEqual(vectors.map(({ answer }) => answer));
  });
});

describe.runIf(process.env.GOVEX_WRITE_ORACLE_VECTORS)('rewriting the Aave v4 supply vectors', () => {
  it('writes test/fixtures/oracles/aave-v4-supply-vectors.json', async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) throw new Error('the aave-v4 sources are not extracted: see test/oracles/README.md');
    const states = fc.sample(hubAsset, { numRuns: COUNT, seed: SEED });
    const vectors = await Promise.all(states.map(async (state) => ({ state, answer: await overAYear(chain, state) })));
    const source = 'SYNTHETIC hub assets (test/oracles/support/v4HubStates.ts, fast-check seed 220411) with what aave-v4 v0.5.11 (cdacec5) AssetLogic answered (test/oracles/solidity/AaveV4HubOracle.sol overAYear)';
    writeFileSync(FILE, `${JSON.stringify({ source, vectors }, big, 1)}\n`);
  });
});
