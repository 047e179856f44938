import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCosmosAddress } from '../../../shared/address/cosmos.js';
import { readPositions } from '../../../shared/scan/readPositions.js';
import { loadFixtures, parseFixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';
import { ANNUAL_PROVISIONS_LCD, decAtomics, DISTRIBUTION_PARAMS_LCD, INFLATION_LCD, MINT_PARAMS_LCD } from './exposureRecordings.js';
import { SYNTHETIC_DELEGATOR, SYNTHETIC_DELEGATOR_STATE, syntheticDelegatorFixture } from './syntheticDelegator.js';

/** The staking Pool the recordings answer (cosmoshub-gov.json). */
const bondedUatom = () => Number(JSON.parse(readFileSync(new URL('../../fixtures/raw/cosmoshub/staking_v1beta1_pool.json', import.meta.url), 'utf8')).pool.bonded_tokens);
const atoms = (uatom: bigint) => String(Number(uatom) / 1e6);

describe('the synthetic cosmos delegator', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer({ fixtures: [...(await loadFixtures()), syntheticDelegatorFixture()] });
  });
  afterAll(async () => {
    await server?.close();
  });
  const scan = async () => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: COUNTING_POLICY, env: {} });
    server.misses.length = 0;
    const result = await readPositions({ kind: 'cosmos', address: SYNTHETIC_DELEGATOR }, { deadlineMs: 5_000, now: new Date(), upstreams });
    return { result, counts: upstreams.counter.snapshot() };
  };

  it('is an address the service accepts and a fixture the replay format accepts', () => {
    expect(parseCosmosAddress(SYNTHETIC_DELEGATOR, ['cosmos'])).toBe(SYNTHETIC_DELEGATOR);
    expect(() => parseFixtureFile(JSON.parse(JSON.stringify(syntheticDelegatorFixture())), 'synthetic delegator')).not.toThrow();
  });

  it('scans to its delegation, rewards and liquid ATOM, with the APR after its validators’ commissions', async () => {
    const { result } = await scan();
    expect(result.degraded).toEqual([]);
    expect(result.checked).toEqual(['cosmoshub']);

    const { delegations, liquidUatom } = SYNTHETIC_DELEGATOR_STATE;
    const delegated = delegations.reduce((sum, { uatom }) => sum + uatom, 0n);
    const validators = delegations.map(({ validator, uatom, commission }) => ({ validator, share: Number(uatom) / Number(delegated), commission: Number(commission) }));
    // x/mint provisions less the community tax, over the bonded tokens; each validator keeps its commission on its share.
    const communityTax = Number(DISTRIBUTION_PARAMS_LCD.params.community_tax);
    const gross = (Number(ANNUAL_PROVISIONS_LCD.annual_provisions) * (1 - communityTax)) / bondedUatom();
    const apr = gross * validators.reduce((kept, { share, commission }) => kept + share * (1 - commission), 0);
    // Withdrawable rewards: whole uatom of the summed DecCoins.
    const rewardUatom = delegations.reduce((sum, { rewardUatom }) => sum + BigInt(decAtomics(rewardUatom)), 0n) / 10n ** 18n;

    const [delegation, rewards, balance, ...rest] = result.positions;
    expect(rest).toEqual([]);
    expect(delegation!.position).toMatchObject({ id: 'cosmoshub-delegation', protocol: 'cosmoshub', asset: 'ATOM', user_address: SYNTHETIC_DELEGATOR, amount: atoms(delegated) });
    expect(delegation!.inputs.apr).toBeCloseTo(apr, 6);
    expect(delegation!.position.apy).toBeCloseTo((1 + apr / 365) ** 365 - 1, 6);
    expect(delegation!.inputs.rewardFee).toBe(communityTax);
    expect(delegation!.inputs.delegation).toEqual({
      validators,
      inflation: Number(INFLATION_LCD.inflation),
      inflationMin: Number(MINT_PARAMS_LCD.params.inflation_min),
      inflationMax: Number(MINT_PARAMS_LCD.params.inflation_max),
    });
    expect(rewards!.position).toMatchObject({ id: 'cosmoshub-rewards', amount: atoms(rewardUatom) });
    expect(balance!.position).toMatchObject({ id: 'cosmoshub-balance', amount: atoms(liquidUatom) });
    // No ATOM price is recorded: nothing is valued.
    expect(result.positions.map(({ position }) => position.valueUsd)).toEqual([undefined, undefined, undefined]);
  });

  it('asks cosmosRpc ten times (the chain check and nine abci_query) and misses only the unrecorded ATOM price', async () => {
    const { counts } = await scan();
    expect(counts.cosmosRpc.requests).toBe(10);
    expect(server.misses).toEqual([{ upstream: 'prices', request: expect.stringContaining('ids=cosmos') }]);
  });
});
