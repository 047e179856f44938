import { readFileSync } from 'node:fs';
import { PageRequest } from 'cosmjs-types/cosmos/base/query/v1beta1/pagination';
import { QueryDelegatorValidatorsRequest, QueryDelegatorValidatorsResponse } from 'cosmjs-types/cosmos/staking/v1beta1/query';
import { Validator } from 'cosmjs-types/cosmos/staking/v1beta1/staking';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { cosmoshubExposure } from '../../../shared/modules/cosmoshub/exposure/cosmoshubExposure.js';
import { delegationValidators, positionsFromHub, uatomToAtom } from '../../../shared/modules/cosmoshub/exposure/positionsFromHub.js';
import { openHubQueryClient, type HubStakingState, readHubStaking, readLiquidUatom } from '../../../shared/modules/cosmoshub/exposure/readHubAccount.js';
import { apyOf, delegatorApr, stakingApr } from '../../../shared/modules/cosmoshub/exposure/stakingApr.js';
import { UpstreamError } from '../../../shared/upstream/errors.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { CLOSED_ENDPOINT, COUNTING_POLICY, expectAllSentBeforeAnswers, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';
import {
  ANNUAL_PROVISIONS_LCD,
  BALANCE_LCD,
  DELEGATIONS_LCD,
  DELEGATOR,
  DISTRIBUTION_PARAMS_LCD,
  decAtomics,
  exchange,
  HOLDER,
  INFLATION_LCD,
  MINT_PARAMS_LCD,
  RECORDINGS,
  recordingUrl,
  REWARDS_LCD,
} from './exposureRecordings.js';

const replay = useReplay();
/** No ATOM price was published to record (prices/prices.md): the exposure's price request goes nowhere, never a miss. */
const NO_PRICE = { prices: CLOSED_ENDPOINT };
const hubUpstreams = (policy = {}) => replay.upstreams(policy, NO_PRICE);
const signal = () => new AbortController().signal;

/** The staking Pool the recordings answer (cosmoshub-gov.json, shared with the source). */
const recordedPool = () => JSON.parse(readFileSync(new URL('../../fixtures/raw/cosmoshub/staking_v1beta1_pool.json', import.meta.url), 'utf8')).pool as { bonded_tokens: string };

describe('cosmoshub exposure recordings', () => {
  it('are what the builder encodes from the published LCD bodies', () => {
    for (const [name, build] of Object.entries(RECORDINGS)) {
      expect(JSON.parse(readFileSync(recordingUrl(name), 'utf8')), name).toEqual(JSON.parse(JSON.stringify(build())));
    }
  });

  it('encode LegacyDec values as the protobuf integers the chain sends', () => {
    expect(decAtomics('0.100000000000000000')).toBe('100000000000000000');
    expect(decAtomics('15578.304811743226558942')).toBe('15578304811743226558942');
  });
});

describe('reading the Hub over the replay server (cosmjs, abci_query)', () => {
  it("reads the published delegator's delegations, rewards and the APR inputs", async () => {
    // Its DelegatorValidators answer was published cut to one validator of three: not recorded.
    replay.expectMisses(1);
    const upstream = replay.upstreams().cosmosRpc;
    const { client, checked } = openHubQueryClient(upstream, signal());
    const [, state] = await Promise.all([checked, readHubStaking(client, upstream, DELEGATOR)]);
    expect(state.delegations).toEqual(
      DELEGATIONS_LCD.delegation_responses.map(({ delegation, balance }) => ({ validator: delegation.validator_address, uatom: BigInt(balance.amount) })),
    );
    expect(state.rewardAtomics).toBe(BigInt(decAtomics(REWARDS_LCD.total[0]!.amount)));
    expect(state.annualProvisions).toBeCloseTo(Number(ANNUAL_PROVISIONS_LCD.annual_provisions), 0);
    expect(state.communityTax).toBe(Number(DISTRIBUTION_PARAMS_LCD.params.community_tax));
    expect(state.bondedTokens).toBe(BigInt(recordedPool().bonded_tokens));
  });

  it('reads the inflation and its bounds from x/mint beside the other queries', async () => {
    replay.expectMisses(1);
    const upstream = replay.upstreams().cosmosRpc;
    const state = await readHubStaking(openHubQueryClient(upstream, signal()).client, upstream, DELEGATOR);
    expect(state.inflation).toBeCloseTo(Number(INFLATION_LCD.inflation), 15);
    expect([state.inflationMin, state.inflationMax]).toEqual([Number(MINT_PARAMS_LCD.params.inflation_min), Number(MINT_PARAMS_LCD.params.inflation_max)]);
  });

  it('has no commissions when DelegatorValidators has no answer, and keeps the rest', async () => {
    replay.expectMisses(1);
    const upstream = replay.upstreams().cosmosRpc;
    const state = await readHubStaking(openHubQueryClient(upstream, signal()).client, upstream, DELEGATOR);
    expect(JSON.stringify(replay.server.misses)).toContain('/cosmos.staking.v1beta1.Query/DelegatorValidators');
    expect(state.commissions).toBeUndefined();
    expect(state.delegations).toHaveLength(3);
  });

  it("reads the published holder's liquid uatom", async () => {
    const upstream = replay.upstreams().cosmosRpc;
    const { client, checked } = openHubQueryClient(upstream, signal());
    await checked;
    expect(await readLiquidUatom(client, HOLDER)).toBe(BigInt(BALANCE_LCD.balance.amount));
  });

  it("turns the delegator's state into positions, with no APR while its validators' commissions are not recorded", async () => {
    replay.expectMisses(1);
    const upstream = replay.upstreams().cosmosRpc;
    const state = await readHubStaking(openHubQueryClient(upstream, signal()).client, upstream, DELEGATOR);
    const wallet: Wallet = { kind: 'cosmos', address: DELEGATOR };
    // The liquid balance of this account is not published (see the recording's notes): 0 here.
    const [delegation, rewards] = positionsFromHub(state, 0n, wallet);
    expect(delegation!.position).toMatchObject({ id: 'cosmoshub-delegation', protocol: 'cosmoshub', asset: 'ATOM', amount: '72', user_address: DELEGATOR });
    expect(delegation!.inputs).toEqual({ role: 'delegation', rewardFee: 0.1 });
    expect(delegation!.position.apy).toBeUndefined();
    // 44298.17… uatom of rewards, withdrawable as whole uatom.
    expect(rewards!.position).toMatchObject({ id: 'cosmoshub-rewards', amount: '0.044298' });
  });

  it('the full exposure asks status and nine queries; a required query no recording answers fails the scan', async () => {
    const upstreams = hubUpstreams();
    // The bank Balance and DelegatorValidators of the delegator are not recorded.
    replay.expectMisses(2);
    // The delegator's bank Balance is not recorded (not published): the scan must fail, not drop it.
    await expect(cosmoshubExposure().readPositions({ kind: 'cosmos', address: DELEGATOR }, { signal: signal(), now: new Date(), upstreams })).rejects.toThrow();
    expect(replay.server.misses).toHaveLength(2);
    expect(JSON.stringify(replay.server.misses)).toContain('/cosmos.bank.v1beta1.Query/Balance');
    expect(upstreams.counter.snapshot().cosmosRpc?.requests).toBeGreaterThanOrEqual(10);
  });

  it('sends the chain check and all nine queries before any answer comes back (one wait)', async () => {
    await expectAllSentBeforeAnswers(
      replay,
      'cosmosRpc',
      10,
      (upstreams, signal) => cosmoshubExposure().readPositions({ kind: 'cosmos', address: DELEGATOR }, { signal, now: new Date(), upstreams }),
      NO_PRICE,
    );
  });
});

/**
 * A SYNTHETIC DelegatorValidators answer for the recorded delegator, test-only and never written to
 * test/fixtures: the published one is cut to its first validator (cosmoshub-exposure.md), whose 5 %
 * commission is kept; the other two validators' 10 % and 7.5 % are made up.
 */
function syntheticDelegatorValidators(): FixtureFile {
  const validator = (operatorAddress: string, rate: string) =>
    Validator.fromPartial({ operatorAddress, status: 3, tokens: '1000000', delegatorShares: decAtomics('1000000'), commission: { commissionRates: { rate: decAtomics(rate), maxRate: decAtomics('0.2'), maxChangeRate: decAtomics('0.01') } } });
  const [first, second, third] = DELEGATIONS_LCD.delegation_responses.map(({ delegation }) => delegation.validator_address);
  return {
    upstream: 'cosmosRpc',
    protocol: 'json-rpc',
    description: 'SYNTHETIC test-only DelegatorValidators answer (never served as Hub data).',
    source: { kind: 'encoded', references: ['test/modules/cosmoshub/exposure.test.ts (synthetic values)'], notes: 'SYNTHETIC: two of the three commissions are made up.' },
    exchanges: [
      exchange(
        '/cosmos.staking.v1beta1.Query/DelegatorValidators',
        QueryDelegatorValidatorsRequest.encode({ delegatorAddr: DELEGATOR, pagination: PageRequest.fromPartial({}) }).finish(),
        QueryDelegatorValidatorsResponse.encode({ validators: [validator(first!, '0.05'), validator(second!, '0.1'), validator(third!, '0.075')], pagination: { nextKey: new Uint8Array(), total: 3n } }).finish(),
      ),
    ],
  };
}

describe('the delegator’s validators on a synthetic DelegatorValidators answer (see syntheticDelegatorValidators)', () => {
  let server: ReplayServer;
  beforeAll(async () => {
    server = await startReplayServer({ fixtures: [syntheticDelegatorValidators(), ...(await loadFixtures())] });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads each commission from its LegacyDec rate and gives the delegation the APR after commission', async () => {
    // No retry, so a healthy read must answer within its deadline: COUNTING_POLICY's 4 s, not 300 ms, on a loaded machine.
    const upstream = createUpstreams({ endpoints: server.endpoints, policy: { ...COUNTING_POLICY, retries: 0 }, env: {} }).cosmosRpc;
    const state = await readHubStaking(openHubQueryClient(upstream, signal()).client, upstream, DELEGATOR);
    expect(server.misses).toEqual([]);
    expect(Object.values(state.commissions!)).toEqual([0.05, 0.1, 0.075]);
    const [delegation] = positionsFromHub(state, 0n, { kind: 'cosmos', address: DELEGATOR });
    // 25, 25 and 22 ATOM of 72 keep 95 %, 90 % and 92.5 % of their rewards.
    const kept = (25 * 0.95 + 25 * 0.9 + 22 * 0.925) / 72;
    expect(delegation!.inputs.apr).toBeCloseTo(stakingApr(state)! * kept, 6);
  });
});

describe('cosmoshub exposure under upstream faults', () => {
  const faults = [
    ['status:503', { kind: 'status', status: 503 }, 'upstream_status'],
    ['hang', { kind: 'hang' }, 'upstream_timeout'],
    ['malformed', { kind: 'malformed' }, 'upstream_malformed'],
    ['wrongChain', { kind: 'wrongChain' }, 'upstream_wrong_chain'],
  ] as const;
  for (const [name, fault, code] of faults) {
    it(`rejects on ${name} with ${code}`, async () => {
      replay.server.faults.inject('cosmosRpc', fault);
      // The queries go out with the chain check; where the fault leaves them to the recordings, the
      // delegator's unrecorded bank Balance misses.
      replay.expectMisses(name === 'malformed' || name === 'wrongChain' ? 2 : 0);
      const error = await cosmoshubExposure()
        // TEST_POLICY's short deadline: the hang waits it out on each attempt.
        .readPositions({ kind: 'cosmos', address: DELEGATOR }, { signal: signal(), now: new Date(), upstreams: hubUpstreams(TEST_POLICY) })
        .then(
          () => undefined,
          (reason: unknown) => reason,
        );
      expect(error).toBeInstanceOf(UpstreamError);
      expect((error as UpstreamError).code).toBe(code);
    });
  }

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('scan deadline'));
    await expect(cosmoshubExposure().readPositions({ kind: 'cosmos', address: DELEGATOR }, { signal: controller.signal, now: new Date(), upstreams: hubUpstreams() })).rejects.toThrow(
      'scan deadline',
    );
  });
});

describe('positionsFromHub', () => {
  const wallet: Wallet = { kind: 'cosmos', address: 'cosmos1test' };
  const state: HubStakingState = {
    delegations: [
      { validator: 'cosmosvaloper1a', uatom: 1_000_000_000n },
      { validator: 'cosmosvaloper1b', uatom: 250_000_000n },
    ],
    rewardAtomics: 1_500_000n * 10n ** 18n + 123n,
    annualProvisions: 40_000_000e6,
    bondedTokens: 200_000_000_000_000n,
    communityTax: 0.1,
    commissions: { cosmosvaloper1a: 0.05, cosmosvaloper1b: 0.1 },
    inflation: 0.15,
    inflationMin: 0.07,
    inflationMax: 0.2,
  };

  it('sums delegations into one position earning the staking APR net of the community tax and of each validator’s commission', () => {
    const [delegation] = positionsFromHub(state, 0n, wallet);
    expect(delegation!.position.amount).toBe('1250');
    // 40M ATOM minted × (1 − 0.1) / 200M bonded = 0.18, of which the delegator keeps 0.8 × 0.95 + 0.2 × 0.9 = 0.94.
    expect(delegation!.inputs.apr).toBe(0.1692);
    expect(delegation!.position.apy).toBeCloseTo(apyOf(0.1692), 6);
  });

  it('gives the delegation its validators (share of the delegated stake, commission) and the inflation with its bounds', () => {
    const [delegation] = positionsFromHub(state, 0n, wallet);
    // 1,000 and 250 ATOM of 1,250: shares 0.8 and 0.2.
    expect(delegation!.inputs.delegation).toEqual({
      validators: [
        { validator: 'cosmosvaloper1a', share: 0.8, commission: 0.05 },
        { validator: 'cosmosvaloper1b', share: 0.2, commission: 0.1 },
      ],
      inflation: 0.15,
      inflationMin: 0.07,
      inflationMax: 0.2,
    });
  });

  it('states no APR and no validators when a validator’s commission was not read: the APR before commission is not the delegator’s', () => {
    const [delegation] = positionsFromHub({ ...state, commissions: { cosmosvaloper1a: 0.05 } }, 0n, wallet);
    expect(delegation!.inputs).toEqual({ role: 'delegation', rewardFee: 0.1 });
    expect(delegation!.position.apy).toBeUndefined();
    expect(delegationValidators({ ...state, commissions: undefined }, 1_250_000_000n)).toBeUndefined();
  });

  it('weighs each validator’s commission by its share: 0.18 × (0.75 × 0.95 + 0.25 × 0.9) = 0.16875', () => {
    const validators = [
      { validator: 'a', share: 0.75, commission: 0.05 },
      { validator: 'b', share: 0.25, commission: 0.1 },
    ];
    expect(delegatorApr(0.18, validators)).toBeCloseTo(0.16875, 15);
  });

  it('keeps rewards and liquid ATOM apart, and leaves zero positions out', () => {
    expect(positionsFromHub(state, 35_500_000n, wallet).map(({ position }) => [position.id, position.amount])).toEqual([
      ['cosmoshub-delegation', '1250'],
      ['cosmoshub-rewards', '1.5'],
      ['cosmoshub-balance', '35.5'],
    ]);
    expect(positionsFromHub({ ...state, delegations: [], rewardAtomics: 0n }, 0n, wallet)).toEqual([]);
  });

  it('carries no APR when nothing is bonded', () => {
    expect(stakingApr({ ...state, bondedTokens: 0n })).toBeUndefined();
    const [delegation] = positionsFromHub({ ...state, bondedTokens: 0n }, 0n, wallet);
    expect(delegation!.inputs.apr).toBeUndefined();
    expect(delegation!.position.apy).toBeUndefined();
  });

  it('writes uatom as exact ATOM', () => {
    expect(uatomToAtom(72_000_000n)).toBe('72');
    expect(uatomToAtom(783_604n)).toBe('0.783604');
    expect(uatomToAtom(1_000_010n)).toBe('1.00001');
  });
});
