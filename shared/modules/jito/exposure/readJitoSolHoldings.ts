import { type Address, address, getBase64Encoder } from '@solana/kit';
import { verifySolanaMainnet } from '../../../upstream/clients/solanaCluster.js';
import type { solanaRpc } from '../../../upstream/clients/solanaRpc.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { JITOSOL } from './jitoSolPool.js';
import { STAKE_POOL_ACCOUNT_TYPE, type StakePool, stakePoolCodec } from './stakePoolLayout.js';
import { TOKEN_ACCOUNT_LENGTH, tokenAccountHeadCodec } from './tokenAccountLayout.js';

type SolanaRpc = ReturnType<typeof solanaRpc>;

/** A wallet's JitoSOL and the pool state that values and simulates it, read in one round trip. */
export interface JitoSolHoldingsRead {
  /** Raw JitoSOL (9 decimals), summed over every token account of the mint the wallet owns. */
  amount: bigint;
  pool: StakePool;
}

const base64 = getBase64Encoder();

/**
 * Reads the wallet's JitoSOL: three requests on the solana upstream, sent at once (one round
 * trip): getGenesisHash (the cluster check), getTokenAccountsByOwner filtered on the JitoSOL mint
 * (base64: every account, not only the associated one, decoded with the SPL Token layout), and getAccountInfo of the stake pool
 * (base64, Borsh-decoded). The pool is read even for a wallet that turns out to hold none: a
 * second round trip would cost a holder more than the one account costs everyone.
 *
 * @returns undefined when the wallet holds no JitoSOL
 * @throws UpstreamError (the scan reports jito as degraded)
 */
export async function readJitoSolHoldings(rpc: SolanaRpc, owner: Address, signal: AbortSignal): Promise<JitoSolHoldingsRead | undefined> {
  const send = { abortSignal: signal };
  const [chain, tokenAccounts, poolAccount] = await Promise.allSettled([
    verifySolanaMainnet(rpc, { signal }),
    rpc.getTokenAccountsByOwner(owner, { mint: address(JITOSOL.mint) }, { encoding: 'base64' }).send(send),
    rpc.getAccountInfo(address(JITOSOL.pool), { encoding: 'base64' }).send(send),
  ]);
  // The cluster check decides first: answers from another chain are never read, whatever they hold.
  if (chain.status === 'rejected') throw chain.reason;
  if (tokenAccounts.status === 'rejected') throw tokenAccounts.reason;
  if (poolAccount.status === 'rejected') throw poolAccount.reason;

  const amount = tokenAccounts.value.value.reduce((sum, { account }) => sum + rawAmount(account.data[0], owner), 0n);
  if (amount === 0n) return undefined;
  return { amount, pool: decodePool(poolAccount.value.value) };
}

/** The raw amount of one token account the filter returned, checked to be the wallet's JitoSOL. */
function rawAmount(data: string, owner: Address): bigint {
  const bytes = base64.encode(data);
  try {
    if (bytes.length < TOKEN_ACCOUNT_LENGTH) throw new Error(`token account of ${bytes.length} bytes`);
    const head = tokenAccountHeadCodec.decode(bytes);
    if (head.mint !== JITOSOL.mint || head.owner !== owner) throw new Error('a token account of another mint or owner');
    return head.amount;
  } catch (error) {
    throw upstreamMalformed('solana', error);
  }
}

/** The JitoSOL pool, checked to be a stake pool account of the program and of the JitoSOL mint. */
function decodePool(account: { owner: string; data: readonly [string, string] } | null): StakePool {
  if (!account) throw upstreamMalformed('solana', new Error(`stake pool ${JITOSOL.pool} not found`));
  try {
    if (account.owner !== JITOSOL.stakePoolProgram) throw new Error(`stake pool owned by ${account.owner}`);
    const pool = stakePoolCodec.decode(base64.encode(account.data[0]));
    if (pool.accountType !== STAKE_POOL_ACCOUNT_TYPE || pool.poolMint !== JITOSOL.mint) throw new Error('not the JitoSOL stake pool');
    return pool;
  } catch (error) {
    throw upstreamMalformed('solana', error);
  }
}
