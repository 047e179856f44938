import type { LendingAccount } from '../domain/position.js';

/**
 * The account's health factor after one collateral's liquidation threshold moves (bps).
 * HF′ = HF + C_k · (LT′ − LT) / (10000 · D)  (positions.md §1.3, from Aave GenericLogic); linear
 * in C_k and applied to every open position at once. With no debt there is no health factor to move.
 */
export function healthFactorAfter(account: LendingAccount, asset: string, toBps: number, fromBps?: number): number {
  const collateral = account.collateral.find((entry) => entry.asset === asset);
  if (!collateral || account.debtUsd <= 0) return account.healthFactor;
  const from = fromBps ?? collateral.liquidationThreshold;
  return account.healthFactor + (collateral.valueUsd * (toBps - from)) / (10_000 * account.debtUsd);
}
