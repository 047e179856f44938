import { describe, expect, it } from 'vitest';
import { assertOnStates } from './support/assertOnStates.js';
import { oracle } from './support/oracleChain.js';
import { checkSupplyApr, hubAsset, overAYear } from './support/v4HubStates.js';

/*
 * Aave v4's supply rate (shared/modules/aave/v4/supplyRate.ts) against the hub's own accounting:
 * aave-v4 v0.5.11's AssetLogic (the release whose IHub and ISpoke are the address book's IHubV4
 * and ISpokeV4 entry for entry; in no npm package, extracted like aave 3.7 and dss: README.md),
 * compiled by solc-js 0.8.27 (its hub libraries pin ^0.8.20) and run per state inside one eth_call
 * (solidity/AaveV4HubOracle.sol): the state written where the hub keeps it, its added assets and a
 * holder's value read now and a year on with no action between. SYNTHETIC states; the code is
 * Aave's. Tolerance in support/v4HubStates.ts (the hub's own roundings, then 1e-12).
 */

const RUNS = 1_000;

describe('aave-v4 v0.5.11: the supply rate against the hub’s AssetLogic', () => {
  it(`what a supply earns over a year is what the hub's added assets and a holder's shares gain (${RUNS} assets)`, async () => {
    const chain = oracle('AaveV4HubOracle');
    if (!chain) return;
    let earning = 0;
    await assertOnStates(hubAsset, RUNS, (state) => overAYear(chain, state), (state, answer) => {
      checkSupplyApr(state, answer);
      if (answer.addedLater > answer.addedNow) earning += 1;
    });
    // Most generated assets earn: a run where nothing grows would prove nothing.
    expect(earning).toBeGreaterThan(RUNS / 2);
  });
});
