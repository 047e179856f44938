import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { withUsdValue } from '../../../prices/withUsdValue.js';
import { EPOCHS_PER_YEAR, JITOSOL } from './jitoSolPool.js';
import type { JitoSolHoldingsRead } from './readJitoSolHoldings.js';
import type { StakePool, StakePoolFee } from './stakePoolLayout.js';

/** A raw integer amount as a decimal string in whole units, trailing zeros dropped. Pure. */
export function decimalAmount(raw: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const fraction = (raw % scale).toString().padStart(decimals, '0').replace(/0+$/, '');
  return fraction ? `${raw / scale}.${fraction}` : `${raw / scale}`;
}

/** A stake pool Fee as a fraction; the program counts a zero denominator as no fee. Pure. */
export const feeFraction = ({ numerator, denominator }: StakePoolFee): number => (denominator === 0n ? 0 : Number(numerator) / Number(denominator));

/**
 * One epoch's growth of SOL per JitoSOL: (total_lamports / pool_token_supply) over
 * (last_epoch_total_lamports / last_epoch_pool_token_supply), minus one; undefined before the pool
 * has a last epoch. It is net of the epoch fee: the fee is minted as new pool tokens. Pure.
 */
export function epochRate(pool: Pick<StakePool, 'totalLamports' | 'poolTokenSupply' | 'lastEpochTotalLamports' | 'lastEpochPoolTokenSupply'>): number | undefined {
  const { totalLamports, poolTokenSupply, lastEpochTotalLamports, lastEpochPoolTokenSupply } = pool;
  if (poolTokenSupply === 0n || lastEpochTotalLamports === 0n || lastEpochPoolTokenSupply === 0n) return undefined;
  // Cross-multiplied in integers so no u64 loses digits before the division.
  const scaled = (totalLamports * lastEpochPoolTokenSupply * 10n ** 18n) / (poolTokenSupply * lastEpochTotalLamports);
  return Number(scaled) / 1e18 - 1;
}

/**
 * The pool's fee on leaving it, as a fraction: the stake withdrawal fee, since WithdrawStake is the
 * way out the program opens to every holder (WithdrawSol may be gated by a sol_withdraw_authority
 * and is bounded by the reserve; a swap on a market pays no pool fee). Pure.
 */
export const withdrawalFeeOf = (pool: Pick<StakePool, 'stakeWithdrawalFee'>): number => feeFraction(pool.stakeWithdrawalFee);

/**
 * JitoSOL as a staking position: its amount in JitoSOL, the holders' APR after the epoch fee (the
 * last epoch's growth × epochs a year, as the program estimates it), the APY compounding each
 * epoch, the epoch fee the DAO's SetFee votes move (rewardFee) and the fee on withdrawing
 * (withdrawalFeeOf). Valued in USD through the pool's rate (SOL per JitoSOL) when there is a SOL
 * price; without one the simulator states effects in JitoSOL. Pure.
 */
export function positionsFromJitoSol(read: JitoSolHoldingsRead, wallet: Wallet, solUsd?: number): ExposurePosition[] {
  const rate = epochRate(read.pool);
  const apr = rate === undefined ? undefined : rate * EPOCHS_PER_YEAR;
  const apy = rate === undefined ? undefined : (1 + rate) ** EPOCHS_PER_YEAR - 1;
  const solPerJitoSol = read.pool.poolTokenSupply === 0n ? undefined : Number(read.pool.totalLamports) / Number(read.pool.poolTokenSupply);
  const usdPerJitoSol = solUsd === undefined || solPerJitoSol === undefined ? undefined : solUsd * solPerJitoSol;
  const held: ExposurePosition = {
    position: {
      id: 'jito-jitosol',
      protocol: 'jito',
      chain: 'solana',
      holding: 'staked',
      asset: JITOSOL.asset,
      amount: decimalAmount(read.amount, JITOSOL.decimals),
      user_address: wallet.address,
      ...(apy !== undefined && { apy }),
    },
    inputs: { role: 'stake', ...(apr !== undefined && { apr }), rewardFee: feeFraction(read.pool.epochFee), withdrawalFee: withdrawalFeeOf(read.pool) },
  };
  return [withUsdValue(held, usdPerJitoSol)];
}
