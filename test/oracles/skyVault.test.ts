import { describe, expect, it } from 'vitest';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';
import { aroundLiquidationPrice, checkHealth, checkLiquidationPrice, checkMatMove, margin, probe, vault } from './support/skyVaultStates.js';

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

describe('dss @fa4f663: Sky vault figures against the Vat, Spotter and Dog', () => {
  it(`the reader's health factor and the calculators' CR / mat are the Vat's safety test and its quotient (${RUNS} vaults)`, async () => {
    const chain = oracle('SkyVatOracle');
    if (!chain) return;
    let boundary = 0;
    await assertOnStates(
      vault,
      RUNS,
      (state) => probe(chain, state, state.val, state.mat),
      (state, answer) => {
        checkHealth(state, answer);
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
      (state, [before, after]) => checkMatMove(state, before, after),
    );
  });

  it(`the liquidation price is the Vat's line: opened 1e-9 above it, barked 1e-9 below (${RUNS} vaults)`, async () => {
    const chain = oracle('SkyVatOracle');
    if (!chain) return;
    await assertOnStates(
      vault,
      RUNS,
      (state) => {
        const [above, below] = aroundLiquidationPrice(state);
        return Promise.all([probe(chain, state, above, state.mat), probe(chain, state, below, state.mat)]);
      },
      (_, [above, below]) => checkLiquidationPrice(above, below),
    );
  });
});
