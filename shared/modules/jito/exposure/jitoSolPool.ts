import { SPL_STAKE_POOL_PROGRAM } from '../decodeProposalTransactions.js';
import { JITO_DEPLOYMENT } from '../deployment.js';

/**
 * The JitoSOL pool the exposure reads (shared/research/positions.md §6.1): the mint
 * (9 decimals) and the SPL Stake Pool program, as jito-foundation/stakenet and jito-omnidocs
 * "Deployed Programs" give them; the pool account is the one the source reads SetFee votes for.
 */
export const JITOSOL = {
  asset: 'JitoSOL',
  mint: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn',
  decimals: 9,
  pool: JITO_DEPLOYMENT.stakePools.JitoSOL!,
  stakePoolProgram: SPL_STAKE_POOL_PROGRAM,
} as const;

/**
 * Epochs a year, as the stake pool program estimates its own APR (state.rs test
 * `approximate_apr_calculation`, solana-labs/solana-program-library @024a814544e1b75475246bd77a647a31daaaa8d2):
 * DEFAULT_SLOTS_PER_EPOCH 432,000 × DEFAULT_S_PER_SLOT 0.4 s an epoch (2 days), 365.25 days a year: 182.625. Real
 * slots run a little slower than 0.4 s, so the APR is an estimate, as the program says.
 */
export const EPOCHS_PER_YEAR = (86_400 * 365.25) / (432_000 * 0.4);
