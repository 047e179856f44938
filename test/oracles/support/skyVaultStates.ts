import fc from 'fast-check';
import { expect } from 'vitest';
import { matMove } from '../../../shared/modules/sky/calculators.js';
import { skyVaultOf } from '../../../shared/modules/sky/exposure/positionsFromVaults.js';
import type { VaultRead } from '../../../shared/modules/sky/exposure/readSkyVaults.js';
import { liquidationPrice, vaultHealthFactor } from '../../../shared/modules/sky/vaults.js';
import { change, exposure } from '../../simulate/fixtures.js';
import type { Oracle } from './oracleChain.js';

/*
 * The Sky vault states the dss oracle tests generate (SYNTHETIC), the harness call
 * (solidity/SkyVatOracle.sol) and the checks shared by skyVault.test.ts (generated each run) and
 * skyVaultVectors.test.ts (committed vectors, for a run without the dss sources).
 */
export const RAY = 10n ** 27n;
export const WAD = 10n ** 18n;
export const ILK = 'ETH-A';

/** What the Vat, Spotter and Dog answered for one vault at one price and mat. */
export interface Probe {
  spot: bigint;
  opened: boolean;
  barked: boolean;
}

/** The Spotter's spot for a price (wad) and mat (ray), with par at 1: val × 10^9 × RAY / par × RAY / mat. */
export const spotOf = (val: bigint, mat: bigint) => (((val * 10n ** 9n * RAY) / RAY) * RAY) / mat;

const ray = (min: number, max: number) => fc.integer({ min: min * 1000, max: max * 1000 }).map((permille) => (BigInt(permille) * RAY) / 1000n);

export const vault = fc
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
export type Vault = ReturnType<typeof vault.generate>['value'];

export const readOf = (state: Vault, spot: bigint, mat = state.mat): VaultRead => ({
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
export const vatQuotient = (state: Vault, spot: bigint) => Number((state.ink * spot * WAD) / (state.art * state.rate)) / 1e18;
/** How far the vault is from the line, over its debt (the Vat's test is its sign). */
export const margin = (state: Vault, spot: bigint) => Math.abs(Number(((state.ink * spot - state.art * state.rate) * 10n ** 30n) / (state.art * state.rate)) / 1e30);

/** A verdict a double must give as the Vat does, except within 1e-15 of the debt from the line. */
export function agrees(ourSafe: boolean, probe: Probe, state: Vault) {
  const vatSafe = state.ink * probe.spot >= state.art * state.rate;
  // The harness's two verdicts are the Vat's test, both ways.
  expect([probe.opened, probe.barked]).toEqual([vatSafe, !vatSafe]);
  if (ourSafe !== vatSafe) expect(margin(state, probe.spot)).toBeLessThan(1e-15);
}

export const closeTo = (ours: number, vat: number) => expect(Math.abs(ours - vat) / vat).toBeLessThan(1e-12);

/** A wad price from a double (a double's 1e-16 is far inside the checks' 1e-9). */
export const wadOf = (price: number) => BigInt(Math.round(price * 1e18));

/** SkyVatOracle.probe: the vault opened (or grabbed) at price `val` and `mat`, then barked. */
export async function probe(chain: Oracle, state: Vault, val: bigint, mat: bigint): Promise<Probe> {
  const [spot, opened, barked] = (await chain.client.readContract({ address: chain.address, abi: chain.abi, functionName: 'probe', args: [state.ink, state.art, state.rate, val, mat] })) as [bigint, boolean, boolean];
  return { spot, opened, barked };
}

/** The reader's health factor is the Vat's verdict exactly; the calculators' CR / mat within the double's 1e-15; both the Vat's quotient within 1e-12. */
export function checkHealth(state: Vault, answer: Probe): void {
  expect(answer.spot).toBe(spotOf(state.val, state.mat));
  const read = skyVaultOf(readOf(state, answer.spot));
  expect(read.healthFactor! >= 1).toBe(answer.opened);
  agrees(read.healthFactor! >= 1, answer, state);
  agrees(vaultHealthFactor(read, read.mat) >= 1, answer, state);
  closeTo(read.healthFactor!, vatQuotient(state, answer.spot));
  closeTo(vaultHealthFactor(read, read.mat), vatQuotient(state, answer.spot));
}

/** matMove's health factor before and after a `mat` move is the Vat's at each mat the Spotter pokes. */
export function checkMatMove(state: Vault, before: Probe, after: Probe): void {
  const read = skyVaultOf(readOf(state, before.spot));
  const position = exposure('sky', 'DAI', read.debt, { role: 'borrow', market: ILK, apr: read.duty, vault: read });
  const move = change({ protocol: 'sky', market: ILK, parameter: 'mat', to: Number(state.matAfter) / 1e27, unit: 'fraction' });
  const [effect] = matMove.effects!([move], position);
  const hf = effect!.healthFactor!;
  closeTo(hf.before, vatQuotient(state, before.spot));
  closeTo(hf.after, vatQuotient(state, after.spot));
  agrees(hf.after >= 1, after, state);
}

/** The prices 1e-9 above and below our liquidation price (wad). */
export function aroundLiquidationPrice(state: Vault): [above: bigint, below: bigint] {
  const read = skyVaultOf(readOf(state, spotOf(state.val, state.mat)));
  const line = liquidationPrice(read, read.mat);
  return [wadOf(line * (1 + 1e-9)), wadOf(line * (1 - 1e-9))];
}

/** Above the liquidation price the Vat opens the vault and the Dog leaves it; below, the reverse. */
export function checkLiquidationPrice(above: Probe, below: Probe): void {
  expect([above.opened, above.barked]).toEqual([true, false]);
  expect([below.opened, below.barked]).toEqual([false, true]);
}
