import {
  type BankExtension,
  type DistributionExtension,
  type MintExtension,
  QueryClient,
  type StakingExtension,
  setupBankExtension,
  setupDistributionExtension,
  setupMintExtension,
  setupStakingExtension,
} from '@cosmjs/stargate';
import { openCosmosHubQueries } from '../../../upstream/clients/cosmosClient.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import type { Upstream } from '../../../upstream/upstreams.js';
import { decFromProto } from '../decFromProto.js';

/** The Hub's staking denom: 1 ATOM = 10^6 uatom (cosmos/chain-registry cosmoshub/chain.json). */
export const STAKING_DENOM = 'uatom';

/**
 * A delegator spreads over a handful of validators; the SDK pages delegations 100 at a time by
 * default, so 5 pages bound a scan without cutting a real wallet.
 */
export const MAX_DELEGATION_PAGES = 5;

type HubQueryClient = QueryClient & StakingExtension & DistributionExtension & BankExtension & MintExtension;

/** One wallet's staking state and the chain's reward inputs, as plain data. */
export interface HubStakingState {
  delegations: { validator: string; uatom: bigint }[];
  /** Pending rewards in uatom, as the LegacyDec atomics the chain keeps (uatom × 10^18). */
  rewardAtomics: bigint;
  /** Yearly minted uatom (x/mint AnnualProvisions). */
  annualProvisions: number;
  bondedTokens: bigint;
  /** Share of block rewards sent to the community pool (x/distribution Params). */
  communityTax: number;
  /**
   * Commission rate of each validator the delegator is bonded to, by operator address (x/staking
   * DelegatorValidators); absent when that query failed.
   */
  commissions?: Record<string, number>;
  /** Each of those validators' moniker (its description's name), by operator address, from the same answer; absent with it. */
  monikers?: Record<string, string>;
  /** x/mint Inflation and its Params bounds, as fractions; absent when those queries failed. */
  inflation?: number;
  inflationMin?: number;
  inflationMax?: number;
}

/**
 * cosmjs's QueryClient with the extensions the exposure reads, over a Hub connection whose chain
 * check runs beside the reads (openCosmosHubQueries): await `checked` with them. Every HTTP
 * request is bounded by `signal` as well as the upstream's deadline.
 */
export function openHubQueryClient(upstream: Upstream, signal: AbortSignal): { client: HubQueryClient; checked: Promise<void> } {
  const { comet, checked } = openCosmosHubQueries(upstream, signal);
  return { client: QueryClient.withExtensions(comet, setupStakingExtension, setupDistributionExtension, setupBankExtension, setupMintExtension), checked };
}

/** A query the position can do without: its failure leaves its value out instead of failing the scan. */
const optional = <T>(query: Promise<T>): Promise<T | undefined> => query.catch(() => undefined);

/**
 * Reads a delegator's delegations and pending rewards with the inputs of the staking APR (annual
 * provisions, bonded tokens, community tax, each validator's commission) and the inflation the
 * provisions follow, all in parallel over abci_query: eight queries, plus a query per further page
 * of delegations. The commissions and the inflation are optional: without them the position keeps
 * its amount and leaves out what depends on them (positionsFromHub).
 *
 * @throws UpstreamError on an unreachable, slow, wrong-chain or malformed node; an Error on a failed query.
 */
export async function readHubStaking(client: HubQueryClient, upstream: Upstream, address: string): Promise<HubStakingState> {
  const [delegations, rewards, annualProvisions, pool, distribution, validators, inflation, mintParams] = await Promise.all([
    readDelegations(client, address),
    client.distribution.delegationTotalRewards(address),
    client.mint.annualProvisions(),
    client.staking.pool(),
    client.distribution.params(),
    // One page (the SDK's default 100) holds every validator of a real delegator; one past it has no
    // commission here, and positionsFromHub then states no APR.
    optional(client.staking.delegatorValidators(address)),
    optional(client.mint.inflation()),
    optional(client.mint.params()),
  ]);
  const communityTax = distribution.params ? decFromProto(distribution.params.communityTax) : undefined;
  if (!pool.pool || communityTax === undefined) throw upstreamMalformed(upstream.id, new Error('staking Pool or distribution Params missing'));
  const rewardAtomics = rewards.total.filter((coin) => coin.denom === STAKING_DENOM).reduce((sum, coin) => sum + BigInt(coin.amount), 0n);
  return {
    delegations,
    rewardAtomics,
    annualProvisions: annualProvisions.toFloatApproximation(),
    bondedTokens: BigInt(pool.pool.bondedTokens),
    communityTax,
    ...(validators && { commissions: commissionsOf(validators.validators), monikers: monikersOf(validators.validators) }),
    ...(inflation && { inflation: inflation.toFloatApproximation() }),
    ...(mintParams && { inflationMin: mintParams.inflationMin.toFloatApproximation(), inflationMax: mintParams.inflationMax.toFloatApproximation() }),
  };
}

/** A moniker is the operator's own text: kept to a length a table cell holds; an empty one is left out. */
const MONIKER_MAX = 70;

/** Each validator's moniker by operator address. Pure. */
function monikersOf(validators: readonly { operatorAddress: string; description?: { moniker?: string } }[]): Record<string, string> {
  const monikers: Record<string, string> = {};
  for (const { operatorAddress, description } of validators) {
    const moniker = description?.moniker?.trim().slice(0, MONIKER_MAX);
    if (moniker) monikers[operatorAddress] = moniker;
  }
  return monikers;
}

/** Each validator's commission rate (a LegacyDec in protobuf), by operator address; one that does not decode is left out. Pure. */
function commissionsOf(validators: readonly { operatorAddress: string; commission?: { commissionRates?: { rate: string } } }[]): Record<string, number> {
  const commissions: Record<string, number> = {};
  for (const { operatorAddress, commission } of validators) {
    const rate = commission?.commissionRates ? decFromProto(commission.commissionRates.rate) : undefined;
    if (rate !== undefined) commissions[operatorAddress] = rate;
  }
  return commissions;
}

/** The wallet's liquid (unstaked) uatom: one bank Balance query. */
export async function readLiquidUatom(client: HubQueryClient, address: string): Promise<bigint> {
  const coin = await client.bank.balance(address, STAKING_DENOM);
  return BigInt(coin.amount);
}

async function readDelegations(client: HubQueryClient, address: string): Promise<HubStakingState['delegations']> {
  const delegations: HubStakingState['delegations'] = [];
  let key: Uint8Array | undefined;
  for (let page = 0; page < MAX_DELEGATION_PAGES; page += 1) {
    const response = await client.staking.delegatorDelegations(address, key);
    for (const { delegation, balance } of response.delegationResponses) {
      if (delegation && balance?.denom === STAKING_DENOM) delegations.push({ validator: delegation.validatorAddress, uatom: BigInt(balance.amount) });
    }
    key = response.pagination?.nextKey;
    if (!key || key.length === 0) break;
  }
  return delegations;
}
