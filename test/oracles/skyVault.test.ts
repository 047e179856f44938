import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { skyVaultOf } from '../../shared/modules/sky/exposure/positionsFromVaults.js';
import type { VaultRead } from '../../shared/modules/sky/exposure/readSkyVaults.js';
import { matMove } from '../../shared/modules/sky/calculators.js';
import { liquidationPrice, vaultHealthFactor } from '../../shared/modules/sky/vaults.js';
import { change, exposure } from '../simulate/fixtures.js';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';

/*
 * Sky's vault figures against MakerDAO's own code: dss @fa4f663's Vat, Spotter and Dog (the code Sky
 * vaults run), compiled by solc-js 0.6.12 and set up per state inside one eth_call
 * (solidity/SkyVatOracle.sol): the Spotter pokes the price over `mat` into the Vat, the Vat's frob
 * opens the vault only when it is safe (art × rate ≤ ink × spot), and the Dog barks only when it is
 * not. Our figures are the reader's health factor (skyVaultOf), the calculators' CR / mat
 * (vaultHealthFactor, matMove) and the liquidation price (debt × mat / collateral). Generated,
 * SYNTHETIC vaults; half placed within a few units of debt of the line.
 *
 * Tolerances: the reader's health factor (a floored bigint quotient, held below 1 when unsafe) is
 * the Vat's verdict exactly, at the line too: before it was held, 1 in 5 vaults generated at the
 * line (205 of ~470 a run) read 1 while the Dog barked. The calculators' CR / mat is a double of
 * the recovered price, so within 1e-15 of the debt from the line it cannot tell; every disagreement
 * of theirs must lie there. The figures agree with the Vat's own quotient within 1e-12 (the
 * price the reader recovers as spot × mat is truncated by the Spotter's two divisions). The
 * liquidation price is checked 1e-9 either side: the Vat opens the vault above it and the Dog
 * liquidates it below.
 */

const RUNS = 1_000;
const RAY = 10n ** 27n;
const WAD = 10n ** 18n;
const ILK = 'ETH-A';

interface Probe {
  spot: bigint;
  opened: boolean;
  barked: boolean;
}

/** The Spotter's spot for a price (wad) and mat (ray), with par at 1: val × 10^9 × RAY / par × RAY / mat. */
const spotOf = (val: bigint, mat: bigint) => (((val * 10n ** 9n * RAY) / RAY) * RAY) / mat;

const ray = (min: number, max: number) => fc.integer({ min: min * 1000, max: max * 1000 }).map((permille) => (BigInt(permille) * RAY) / 1000n);

const vault = fc
  .record({
    // 0.001 to 1,000,000 units of collateral priced $0.0001 to $100,000: debt stays below 10^12 (the Dog's
    // due × chop must not overflow, a limit of the liquidation, not of the safety test).
    ink: fc.bigInt({ min: 10n ** 15n, max: 10n ** 24n }),
    val: fc.bigInt({ min: 10n ** 14n, max: 10n ** 23n }),
    rate: fc.oneof(fc.constant(RAY), ray(1, 3)),
    mat: ray(1, 3),
    matAfter: ray(1, 3),
    healthPermille: fc.integer({ min: 500, max: 2_000 }),
    nearLine: fc.boolean(),
    offset: fc.bigInt({ min: -3n, max: 3n }),
  })
  .map(({ ink, val, rate, mat, matAfter, healthPermille, nearLine, offset }) => {
    // The normalized debt at the line is ink × spot / rate; a chosen health factor, or a few wei either side.
    const atLine = (ink * spotOf(val, mat)) / rate;
    const art = nearLine ? atLine + offset : (atLine * 1000n) / BigInt(healthPermille);
    return { ink, val, rate, mat, matAfter, art: art < 1n ? 1n : art };
  });
type Vault = ReturnType<typeof vault.generate>['value'];

const readOf = (state: Vault, spot: bigint, mat = state.mat): VaultRead => ({
  ilk: ILK,
  urn: '0x0000000000000000000000000000000000000001',
  lockstake: false,
  ink: state.ink,
  art: state.art,
  rate: state.rate,
  spot,
  mat,
  duty: RAY,
  base: 0n,
});

/** The Vat's own quotient ink × spot / (art × rate), to 18 decimals: what every figure is measured against. */
const vatQuotient = (state: Vault, spot: bigint) => Number((state.ink * spot * WAD) / (state.art * state.rate)) / 1e18;
/** How far the vault is from the line, over its debt (the Vat's test is its sign). */
const margin = (state: Vault, spot: bigint) => Math.abs(Number(((state.ink * spot - state.art * state.rate) * 10n ** 30n) / (state.art * state.rate)) / 1e30);

/** A verdict our double must give as the Vat does, except within 1e-15 of the debt from the line. */
function agrees(ourSafe: boolean, probe: Probe, state: Vault) {
  const vatSafe = state.ink * probe.spot >= state.art * state.rate;
  // The harness's two verdicts are the Vat's test, both ways.
  expect([probe.opened, probe.barked]).toEqual([vatSafe, !vatSafe]);
  if (ourSafe !== vatSafe) expect(margin(state, probe.spot)).toBeLessThan(1e-15);
}

const closeTo = (ours: number, vat: number) => expect(Math.abs(ours - vat) / vat).toBeLessThan(1e-12);

/** A wad price from a double (a double's 1e-16 is far inside the check's 1e-9). */
const wadOf = (price: number) => BigInt(Math.round(price * 1e18));

describe('dss @fa4f663: Sky vault figures against the Vat, Spotter and Dog', () => {
  const probe = async (chain: NonNullable<ReturnType<typeof oracle>>, state: Vault, val: bigint, mat: bigint): Promise<Probe> => {
    const [spot, opened, barked] = (await chain.client.readContract({ address: chain.address, abi: chain.abi, functionName: 'probe', args: [state.ink, state.art, state.rate, val, mat] })) as [bigint, boolean, boolean];
    return { spot, opened, barked };
  };

  it(`the reader's health factor and the calculators' CR / mat are the Vat's safety test and its quotient (${RUNS} vaults)`, async () => {
    const chain = oracle('SkyVatOracle');
    if (!chain) return;
    let boundary = 0;
    await assertOnStates(
      vault,
      RUNS,
      (state) => probe(chain, state, state.val, state.mat),
      (state, answer) => {
        expect(answer.spot).toBe(spotOf(state.val, state.mat));
        const read = skyVaultOf(readOf(state, answer.spot));
        // The reader's figure is the Vat's test exactly, at the line too.
        expect(read.healthFactor! >= 1).toBe(answer.opened);
        agrees(read.healthFactor! >= 1, answer, state);
        agrees(vaultHealthFactor(read, read.mat) >= 1, answer, state);
        closeTo(read.healthFactor!, vatQuotient(state, answer.spot));
        closeTo(vaultHealthFactor(read, read.mat), vatQuotient(state, answer.spot));
        if (margin(state, answer.spot) < 1e-15) boundary += 1;
      },
    );
    // The generator reaches the line: a run without vaults there would prove nothing about it.
    expect(boundary).toBeGreaterThan(RUNS / 10);
  });

  it(`a liquidation-ratio move: matMove's health factor after is the Vat's, the Spotter repricing at the new mat (${RUNS} vaults)`, async () => {
    const chain = oracle('SkyVatOracle');
    if (!chain) return;
    await assertOnStates(
      vault,
      RUNS,
      (state) => Promise.all([probe(chain, state, state.val, state.mat), probe(chain, state, state.val, state.matAfter)]),
      (state, [before, after]) => {
        const read = skyVaultOf(readOf(state, before.spot));
        const position = exposure('sky', 'DAI', read.debt, { role: 'borrow', market: ILK, apr: read.duty, vault: read });
        const move = change({ protocol: 'sky', market: ILK, parameter: 'mat', to: Number(state.matAfter) / 1e27, unit: 'fraction' });
        const [effect] = matMove.effects!([move], position);
        const hf = effect!.healthFactor!;
        closeTo(hf.before, vatQuotient(state, before.spot));
        closeTo(hf.after, vatQuotient(state, after.spot));
        agrees(hf.after >= 1, after, state);
      },
    );
  });

  it(`the liquidation price is the Vat's line: opened 1e-9 above it, barked 1e-9 below (${RUNS} vaults)`, async () => {
    const chain = oracle('SkyVatOracle');
    if (!chain) return;
    await assertOnStates(
      vault,
      RUNS,
      async (state) => {
        const read = skyVaultOf(readOf(state, spotOf(state.val, state.mat)));
        const line = liquidationPrice(read, read.mat);
        return Promise.all([probe(chain, state, wadOf(line * (1 + 1e-9)), state.mat), probe(chain, state, wadOf(line * (1 - 1e-9)), state.mat)]);
      },
      (_, [above, below]) => {
        expect([above.opened, above.barked]).toEqual([true, false]);
        expect([below.opened, below.barked]).toEqual([false, true]);
      },
    );
  });
});
