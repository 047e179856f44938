import { formatUnits, maxUint256 } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition, LendingAccount } from '../../../domain/position.js';
import { AAVE_V3_ETHEREUM } from './deployment.js';
import { aprToApy, rayToApr } from './rates.js';
import type { AaveAccountRead, AaveReserveRead } from './readAaveAccount.js';

const MARKET = AAVE_V3_ETHEREUM.market;

/** Base currency units (USD, 8 decimals) as dollars. Pure. */
const baseToUsd = (base: bigint): number => Number(base) / 1e8;

/** An amount of a reserve's token in USD at its oracle price (8 decimals). Pure. */
const valueUsd = (amount: bigint, reserve: AaveReserveRead): number => baseToUsd((amount * reserve.price) / 10n ** BigInt(reserve.decimals));

/** Whether the user's eMode category sets this reserve's LT and LTV: it is in the category's collateral bitmap (positions.md §1.3). Pure. */
export function inEModeCategory(reserve: AaveReserveRead, eMode: AaveAccountRead['eMode']): boolean {
  return eMode !== undefined && ((eMode.collateralBitmap >> BigInt(reserve.id)) & 1n) === 1n;
}

/** The LT that backs this collateral: the eMode category's when it applies, else the reserve's own. Pure. */
export function effectiveLiquidationThreshold(reserve: AaveReserveRead, eMode: AaveAccountRead['eMode']): number {
  return eMode && inEModeCategory(reserve, eMode) ? eMode.liquidationThreshold : reserve.liquidationThreshold;
}

/**
 * The wallet's Aave v3 positions: one per supplied and per borrowed reserve, each carrying the account
 * (health factor from getUserAccountData, debt, and each collateral with the LT that applies) that a
 * liquidation-threshold change moves. An account without debt has no health factor and no account. Pure.
 */
export function positionsFromAave(read: AaveAccountRead, wallet: Wallet): ExposurePosition[] {
  const hasDebt = read.totalDebtBase > 0n && read.healthFactor !== maxUint256;
  const healthFactor = hasDebt ? Number(read.healthFactor / 10n ** 12n) / 1e6 : undefined;
  const account: LendingAccount | undefined = hasDebt
    ? {
        market: MARKET,
        healthFactor: healthFactor!,
        debtUsd: baseToUsd(read.totalDebtBase),
        collateral: read.reserves
          .filter((reserve) => reserve.usageAsCollateral && reserve.aTokenBalance > 0n)
          .map((reserve) => ({
            asset: reserve.symbol,
            valueUsd: valueUsd(reserve.aTokenBalance, reserve),
            liquidationThreshold: reserve.liquidationThreshold,
            ...(inEModeCategory(reserve, read.eMode) && { inEMode: true }),
          })),
        ...(read.eMode && { eMode: { id: read.eMode.id, ltv: read.eMode.ltv, liquidationThreshold: read.eMode.liquidationThreshold } }),
      }
    : undefined;
  const base = { protocol: 'aave', user_address: wallet.address, ...(healthFactor !== undefined && { healthFactor }) };

  return read.reserves.flatMap((reserve): ExposurePosition[] => {
    const rows: ExposurePosition[] = [];
    const slug = `${MARKET}-${reserve.symbol.toLowerCase()}`;
    if (reserve.aTokenBalance > 0n) {
      const amount = formatUnits(reserve.aTokenBalance, reserve.decimals);
      const value = valueUsd(reserve.aTokenBalance, reserve);
      const apr = rayToApr(reserve.liquidityRate);
      rows.push({
        position: { ...base, id: `${slug}-supply`, asset: reserve.symbol, amount, ...(reserve.usageAsCollateral && { collateral: amount }), valueUsd: value, apy: aprToApy(apr) },
        inputs: { market: MARKET, role: 'supply', valueUsd: value, apr, reserveFactor: reserve.reserveFactor, ...(account && { account }) },
      });
    }
    if (reserve.variableDebt > 0n) {
      const amount = formatUnits(reserve.variableDebt, reserve.decimals);
      const value = valueUsd(reserve.variableDebt, reserve);
      const apr = rayToApr(reserve.variableBorrowRate);
      rows.push({
        position: { ...base, id: `${slug}-borrow`, asset: reserve.symbol, amount, debt: amount, valueUsd: value, apy: aprToApy(apr) },
        inputs: { market: MARKET, role: 'borrow', valueUsd: value, apr, reserveFactor: reserve.reserveFactor, ...(account && { account }) },
      });
    }
    return rows;
  });
}
