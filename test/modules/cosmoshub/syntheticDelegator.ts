import { createHash } from 'node:crypto';
import { QueryBalanceRequest, QueryBalanceResponse } from 'cosmjs-types/cosmos/bank/v1beta1/query';
import { PageRequest } from 'cosmjs-types/cosmos/base/query/v1beta1/pagination';
import { PubKey } from 'cosmjs-types/cosmos/crypto/ed25519/keys';
import { QueryDelegationTotalRewardsRequest, QueryDelegationTotalRewardsResponse } from 'cosmjs-types/cosmos/distribution/v1beta1/query';
import { QueryDelegatorDelegationsRequest, QueryDelegatorDelegationsResponse, QueryDelegatorValidatorsRequest, QueryDelegatorValidatorsResponse } from 'cosmjs-types/cosmos/staking/v1beta1/query';
import { BondStatus, Validator } from 'cosmjs-types/cosmos/staking/v1beta1/staking';
import type { FixtureFile } from '../../../shared/upstream/replay/fixtureFormat.js';
import { DELEGATIONS_LCD, decAtomics, exchange } from './exposureRecordings.js';

/*
 * A SYNTHETIC Cosmos Hub delegator, served by the replay server like a recording: no public material
 * holds one Hub account's complete state (cosmoshub-exposure.md, "Neither wallet is complete"), so
 * the cold-scan bench and the full-scan test need a made-up one. Only its own four answers are made
 * up (bank Balance, DelegatorDelegations, DelegationTotalRewards, DelegatorValidators); the hub-wide
 * inputs of its APR (annual provisions, staking Pool, distribution and mint params, inflation) and the
 * chain check are the recordings of test/fixtures/upstream/cosmosRpc, so this fixture goes beside
 * them, never alone, and is never written to test/fixtures (it is not Hub data).
 */

/**
 * SYNTHETIC address: bech32 "cosmos" of the first 20 bytes of sha256("govex synthetic cosmos
 * delegator"). No key is known for it; a live node would answer it as an empty account.
 */
export const SYNTHETIC_DELEGATOR = 'cosmos15nqkhtszhkeg6tkeu44g47t7hsqyr4h2w6apes';

/** Two validators the recordings already name (DelegatorDelegations of the published delegator). */
const [STRANGELOVE, SECOND_VALIDATOR] = DELEGATIONS_LCD.delegation_responses.map(({ delegation }) => delegation.validator_address) as [string, string];

/** What the synthetic delegator holds; every amount and the second commission are SYNTHETIC. */
export const SYNTHETIC_DELEGATOR_STATE = {
  /** SYNTHETIC: 12.345678 ATOM liquid. */
  liquidUatom: 12_345_678n,
  delegations: [
    {
      validator: STRANGELOVE,
      /** SYNTHETIC: 150 ATOM. */
      uatom: 150_000_000n,
      /** Pending rewards, LCD DecCoin text. SYNTHETIC. */
      rewardUatom: '81234.567890123456789012',
      /** 5 %: strangelove-ventures' rate in BlockPI's published DelegatorValidators page (cosmoshub-exposure.md). */
      commission: '0.050000000000000000',
    },
    {
      validator: SECOND_VALIDATOR,
      /** SYNTHETIC: 50 ATOM. */
      uatom: 50_000_000n,
      /** SYNTHETIC. */
      rewardUatom: '27075.189296707818930041',
      /** SYNTHETIC: its rate was elided from the published page. */
      commission: '0.100000000000000000',
    },
  ],
} as const;

/** A validator as x/staking returns it in DelegatorValidators; everything but its address and commission rate is SYNTHETIC filler. */
function bondedValidator(operatorAddress: string, rate: string): Validator {
  return Validator.fromPartial({
    operatorAddress,
    consensusPubkey: { typeUrl: '/cosmos.crypto.ed25519.PubKey', value: PubKey.encode({ key: createHash('sha256').update(`govex synthetic consensus key ${operatorAddress}`).digest() }).finish() },
    jailed: false,
    status: BondStatus.BOND_STATUS_BONDED,
    tokens: '5000000000000',
    delegatorShares: decAtomics('5000000000000'),
    description: { moniker: `synthetic ${operatorAddress.slice(-6)}` },
    unbondingTime: { seconds: 0n, nanos: 0 },
    commission: { commissionRates: { rate: decAtomics(rate), maxRate: decAtomics('0.2'), maxChangeRate: decAtomics('0.01') }, updateTime: { seconds: 0n, nanos: 0 } },
    minSelfDelegation: '1',
  });
}

/** The synthetic delegator's four abci_query answers, encoded with cosmjs-types as the Hub encodes them. */
export function syntheticDelegatorFixture(): FixtureFile {
  const { delegations, liquidUatom } = SYNTHETIC_DELEGATOR_STATE;
  const totalAtomics = delegations.reduce((sum, { rewardUatom }) => sum + BigInt(decAtomics(rewardUatom)), 0n);
  const onePage = { nextKey: new Uint8Array(), total: BigInt(delegations.length) };
  return {
    upstream: 'cosmosRpc',
    protocol: 'json-rpc',
    description: `SYNTHETIC Cosmos Hub delegator ${SYNTHETIC_DELEGATOR} (test and bench only, never Hub data): its bank Balance, delegations to two validators, their pending rewards and the validators' commissions, over CometBFT abci_query as cosmjs's stargate extensions ask.`,
    source: {
      kind: 'encoded',
      references: ['test/modules/cosmoshub/syntheticDelegator.ts (SYNTHETIC values)', 'test/modules/cosmoshub/exposureRecordings.ts (encoding and abci_query envelope of the recordings)'],
      notes: 'SYNTHETIC: the address, every amount and the second commission are made up; the validator addresses and the first commission are those the recordings name. Shares equal tokens (an unslashed validator).',
    },
    exchanges: [
      exchange(
        '/cosmos.bank.v1beta1.Query/Balance',
        QueryBalanceRequest.encode({ address: SYNTHETIC_DELEGATOR, denom: 'uatom' }).finish(),
        QueryBalanceResponse.encode({ balance: { denom: 'uatom', amount: liquidUatom.toString() } }).finish(),
      ),
      exchange(
        '/cosmos.staking.v1beta1.Query/DelegatorDelegations',
        QueryDelegatorDelegationsRequest.encode({ delegatorAddr: SYNTHETIC_DELEGATOR, pagination: PageRequest.fromPartial({}) }).finish(),
        QueryDelegatorDelegationsResponse.encode({
          delegationResponses: delegations.map(({ validator, uatom }) => ({
            delegation: { delegatorAddress: SYNTHETIC_DELEGATOR, validatorAddress: validator, shares: decAtomics(uatom.toString()) },
            balance: { denom: 'uatom', amount: uatom.toString() },
          })),
          pagination: onePage,
        }).finish(),
      ),
      exchange(
        '/cosmos.distribution.v1beta1.Query/DelegationTotalRewards',
        QueryDelegationTotalRewardsRequest.encode({ delegatorAddress: SYNTHETIC_DELEGATOR }).finish(),
        QueryDelegationTotalRewardsResponse.encode({
          rewards: delegations.map(({ validator, rewardUatom }) => ({ validatorAddress: validator, reward: [{ denom: 'uatom', amount: decAtomics(rewardUatom) }] })),
          total: [{ denom: 'uatom', amount: totalAtomics.toString() }],
        }).finish(),
      ),
      exchange(
        '/cosmos.staking.v1beta1.Query/DelegatorValidators',
        QueryDelegatorValidatorsRequest.encode({ delegatorAddr: SYNTHETIC_DELEGATOR, pagination: PageRequest.fromPartial({}) }).finish(),
        QueryDelegatorValidatorsResponse.encode({ validators: delegations.map(({ validator, commission }) => bondedValidator(validator, commission)), pagination: onePage }).finish(),
      ),
    ],
  };
}
