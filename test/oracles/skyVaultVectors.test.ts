import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oracle } from './support/oracleChain.js';
import { aroundLiquidationPrice, checkHealth, checkLiquidationPrice, checkMatMove, margin, type Probe, probe, type Vault, vault } from './support/skyVaultStates.js';

/*
 * So that a run without the dss sources (CI: they are in no npm package) still proves Sky's vault
 * figures on MakerDAO's code: test/fixtures/oracles/sky-dss-vault-vectors.json holds 400 SYNTHETIC
 * vaults (fixed seed, half at the line) with what dss @fa4f663's Spotter, Vat and Dog answered for
 * each (SkyVatOracle.probe at the vault's mat, at the moved mat, and 1e-9 either side of our
 * liquidation price). Every run checks our figures against those answers as skyVault.test.ts does;
 * where the sources are extracted, it also recomputes every vector on the Vat and fails on a stale
 * one. GOVEX_WRITE_ORACLE_VECTORS=1 rewrites the file.
 */
const FILE = new URL('../fixtures/oracles/sky-dss-vault-vectors.json', import.meta.url);
const SEED = 23_0050;
const COUNT = 400;

interface Answers {
  atMat: Probe;
  atMatAfter: Probe;
  /** The prices (wad) probed 1e-9 either side of our liquidation price when the vector was written, and the answers there. */
  prices: [above: bigint, below: bigint];
  above: Probe;
  below: Probe;
}
interface Vector {
  state: Vault;
  answers: Answers;
}

const big = (_: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);
const unbig = (_: string, value: unknown) => (typeof value === 'string' && /^\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value);
const readVectors = (): Vector[] => (JSON.parse(readFileSync(FILE, 'utf8'), unbig) as { vectors: Vector[] }).vectors;

async function ask(chain: NonNullable<ReturnType<typeof oracle>>, state: Vault): Promise<Answers> {
  const [above, below] = aroundLiquidationPrice(state);
  const [atMat, atMatAfter, aboveProbe, belowProbe] = await Promise.all([
    probe(chain, state, state.val, state.mat),
    probe(chain, state, state.val, state.matAfter),
    probe(chain, state, above, state.mat),
    probe(chain, state, below, state.mat),
  ]);
  return { atMat, atMatAfter, prices: [above, below], above: aboveProbe, below: belowProbe };
}

describe.skipIf(process.env.GOVEX_WRITE_ORACLE_VECTORS)('Sky vault figures against the committed dss answers', () => {
  const vectors = existsSync(FILE) ? readVectors() : [];

  it(`holds ${COUNT} vaults, a tenth or more at the line`, () => {
    expect(vectors).toHaveLength(COUNT);
    expect(vectors.filter(({ state, answers }) => margin(state, answers.atMat.spot) < 1e-15).length).toBeGreaterThan(COUNT / 10);
  });

  it('our health factors, mat move and liquidation price give the Vat’s answers on every vault', () => {
    for (const { state, answers } of vectors) {
      checkHealth(state, answers.atMat);
      checkMatMove(state, answers.atMat, answers.atMatAfter);
      checkLiquidationPrice(answers.above, answers.below);
      // Our liquidation price today lies between the price the Vat called safe and the one the Dog barked at.
      const [above, below] = answers.prices;
      const [ourAbove, ourBelow] = aroundLiquidationPrice(state);
      const ours = (ourAbove + ourBelow) / 2n;
      expect(ours > below && ours < above).toBe(true);
    }
  });

  it('each vector is what dss answers now (where its sources are extracted)', async () => {
    const chain = oracle('SkyVatOracle');
    if (!chain) return;
    const fresh = await Promise.all(vectors.map(({ state }) => ask(chain, state)));
    expect(fresh).toEqual(vectors.map(({ answers }) => answers));
  });
});

describe.runIf(process.env.GOVEX_WRITE_ORACLE_VECTORS)('rewriting the Sky dss vectors', () => {
  it('writes test/fixtures/oracles/sky-dss-vault-vectors.json', async () => {
    const chain = oracle('SkyVatOracle');
    if (!chain) throw new Error('the dss sources are not extracted: see test/oracles/README.md');
    const states = fc.sample(vault, { numRuns: COUNT, seed: SEED });
    const vectors = await Promise.all(states.map(async (state) => ({ state, answers: await ask(chain, state) })));
    const header = {
      source: 'makerdao/dss @fa4f6630afb0624d04a003e920b0d71a00331d98 src/vat.sol, src/spot.sol, src/dog.sol, run by test/oracles/solidity/SkyVatOracle.sol (solc-js 0.6.12) on anvil',
      notes: `SYNTHETIC vaults (test/oracles/support/skyVaultStates.ts, fast-check seed ${SEED}); each answer is SkyVatOracle.probe: the spot the Spotter filed, whether the Vat's frob opened the vault, whether the Dog's bark liquidated it. atMat at the vault's mat, atMatAfter at matAfter, above/below at our liquidation price × (1 ± 1e-9). Bigints as "<digits>n".`,
      regenerate: 'GOVEX_WRITE_ORACLE_VECTORS=1 npx vitest run test/oracles/skyVaultVectors.test.ts',
    };
    writeFileSync(FILE, `${JSON.stringify({ ...header, vectors }, big, 1)}\n`);
  });
});
