import { address, getBase64Encoder } from '@solana/kit';
import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { verifySolanaMainnet } from '../../upstream/clients/solanaCluster.js';
import { solanaRpc } from '../../upstream/clients/solanaRpc.js';
import { reportFailure } from '../../upstream/describeFailure.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import { SPL_STAKE_POOL_PROGRAM } from './decodeProposalTransactions.js';
import { JITO_DEPLOYMENT } from './deployment.js';
import { feeFraction } from './exposure/positionsFromJitoSol.js';
import { STAKE_POOL_ACCOUNT_TYPE, type StakePool, stakePoolCodec } from './exposure/stakePoolLayout.js';

/**
 * The StakePool field each change a SetFee vote makes replaces, by its parameter kind: the FeeTypes
 * decodeProposalTransactions reads (Epoch, StakeWithdrawal, SolDeposit), as state.rs stores them.
 */
const POOL_FEE_FIELDS = { rewardFee: 'epochFee', withdrawalFee: 'stakeWithdrawalFee', depositFee: 'solDepositFee' } as const satisfies Readonly<Record<string, keyof StakePool>>;
type PoolFeeField = (typeof POOL_FEE_FIELDS)[keyof typeof POOL_FEE_FIELDS];

type Plan = { pool: string; field: PoolFeeField } | { notRead: string };

/** How each change is read: the stake pool of its asset and the fee field it replaces, or why not. Pure. */
export function jitoPlans(changes: readonly ParameterChange[], stakePools: Readonly<Record<string, string>>): Plan[] {
  return changes.map((change): Plan => {
    // The tip fee is the tip router's (an NCN's configuration), not the stake pool's: no layout of it is read here.
    if (change.parameter === 'mevFee') return { notRead: 'the fee on MEV tips is held by the tip router, which is not read on chain yet' };
    const field = POOL_FEE_FIELDS[change.parameter as keyof typeof POOL_FEE_FIELDS];
    if (!field) return { notRead: 'this parameter is not read on chain yet' };
    const pool = change.asset ? stakePools[change.asset] : undefined;
    if (!pool) return { notRead: change.asset ? 'no stake pool of this asset is known here' : 'it names no stake pool' };
    return { pool, field };
  });
}

const base64 = getBase64Encoder();

/** A getMultipleAccounts entry as a stake pool, or why it is not one (a reading's words). */
function decodePool(account: { owner: string; data: readonly [string, string] } | null): StakePool | { notRead: string } {
  if (!account) return { notRead: 'the stake pool account was not found on chain' };
  if (account.owner !== SPL_STAKE_POOL_PROGRAM) return { notRead: 'the account is not owned by the stake pool program' };
  try {
    const pool = stakePoolCodec.decode(base64.encode(account.data[0]));
    if (pool.accountType !== STAKE_POOL_ACCOUNT_TYPE) return { notRead: 'the account is not a stake pool' };
    return pool;
  } catch {
    return { notRead: 'the stake pool account did not decode' };
  }
}

export interface JitoCurrentValuesParameters {
  /** Stake pool accounts by the asset their pool token is: the deployment's (JitoSOL) unless a test names others. */
  stakePools?: Readonly<Record<string, string>>;
}

/**
 * Jito's current values: the stake pool fees its SetFee votes would replace, every pool in one
 * getMultipleAccounts (base64, Borsh-decoded with the exposure's StakePool layout) beside the
 * cluster check, each fee as the fraction decodeProposalTransactions states. The fee in force is
 * read, not one waiting in `next…Fee` for its two epoch boundaries: that is the one a vote replaces
 * today. A pool that is missing or does not decode costs its own changes; a failed read costs every
 * pool's, said "could not be read on Solana (…)"; it never throws.
 */
export const jitoCurrentValues = ({ stakePools = JITO_DEPLOYMENT.stakePools }: JitoCurrentValuesParameters = {}): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const plans = jitoPlans(changes, stakePools);
    const pools = [...new Set(plans.flatMap((plan) => ('pool' in plan ? [plan.pool] : [])))].sort();
    if (pools.length === 0) return plans.map((plan) => ({ notRead: 'notRead' in plan ? plan.notRead : 'not read' }));
    const rpc = solanaRpc(context.upstreams.solana);
    const [chain, accounts] = await Promise.allSettled([
      verifySolanaMainnet(rpc, { signal: context.signal }),
      rpc.getMultipleAccounts(pools.map((pool) => address(pool)), { encoding: 'base64' }).send({ abortSignal: context.signal }),
    ]);
    // The cluster check decides first: accounts of another chain are never read, whatever they hold.
    const failure = chain.status === 'rejected' ? chain.reason : accounts.status === 'rejected' ? accounts.reason : undefined;
    const failed = failure === undefined ? undefined : `could not be read on Solana (${reportFailure(failure, { source: 'jito/currentValues' })})`;
    const decoded = new Map(pools.map((pool, index) => [pool, accounts.status === 'fulfilled' ? decodePool(accounts.value.value[index] ?? null) : undefined]));
    return plans.map((plan): ChainReading => {
      if ('notRead' in plan) return { notRead: plan.notRead };
      if (failed) return { notRead: failed };
      const pool = decoded.get(plan.pool)!;
      return 'notRead' in pool ? { notRead: pool.notRead } : { value: feeFraction(pool[plan.field]) };
    });
  },
});
