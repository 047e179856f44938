import { formatUnits, maxUint256 } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition, LendingAccount, LendingCollateral, RateModel } from '../../../domain/position.js';
import { AAVE_V3_ETHEREUM } from './deployment.js';
import { rateModelOf } from './rateModel.js';
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

/** The reserve's rate model, when its virtual balance and curve were both read. Pure. */
const rateModelOfReserve = (reserve: AaveReserveRead): RateModel | undefined =>
  reserve.rateCurve && reserve.virtualUnderlyingBalance !== undefined
    ? rateModelOf({ totalVariableDebt: reserve.totalVariableDebt, virtualUnderlyingBalance: reserve.virtualUnderlyingBalance, curve: reserve.rateCurve, reserveFactor: reserve.reserveFactor })
    : undefined;

/**
 * The account a governance change moves, shared by the wallet's positions: its debt, the health
 * factor when it has debt, and each collateral with the reserve's own LT and LTV (the eMode
 * category's replace them for members, flagged inEMode). An account with collateral and no debt is
 * kept, without a health factor: an LTV change still moves what it can borrow. None without
 * collateral or debt. Pure.
 */
function accountOf(read: AaveAccountRead, healthFactor: number | undefined): LendingAccount | undefined {
  const collateral = read.reserves
    .filter((reserve) => reserve.usageAsCollateral && reserve.aTokenBalance > 0n)
    .map(
      (reserve): LendingCollateral => ({
        asset: reserve.symbol,
        valueUsd: valueUsd(reserve.aTokenBalance, reserve),
        liquidationThreshold: reserve.liquidationThreshold,
        ltv: reserve.ltv,
        ...(inEModeCategory(reserve, read.eMode) && { inEMode: true }),
      }),
    );
  if (collateral.length === 0 && healthFactor === undefined) return undefined;
  const eMode = read.eMode && { id: read.eMode.id, ...(read.eMode.label && { label: read.eMode.label }), ltv: read.eMode.ltv, liquidationThreshold: read.eMode.liquidationThreshold };
  return { market: MARKET, ...(healthFactor !== undefined && { healthFactor }), debtUsd: baseToUsd(read.totalDebtBase), ...(eMode && { eMode }), collateral };
}

/**
 * The wallet's Aave v3 positions: one per supplied and per borrowed reserve, each carrying the
 * account (accountOf) and its reserve's rate model (utilization, borrow curve, reserve factor) that
 * LT, LTV, eMode and rate changes move. Only an account with debt has a health factor. Pure.
 */
export function positionsFromAave(read: AaveAccountRead, wallet: Wallet): ExposurePosition[] {
  const hasDebt = read.totalDebtBase > 0n && read.healthFactor !== maxUint256;
  const healthFactor = hasDebt ? Number(read.healthFactor / 10n ** 12n) / 1e6 : undefined;
  const account = accountOf(read, healthFactor);
  const base = { protocol: 'aave', user_address: wallet.address, ...(healthFactor !== undefined && { healthFactor }) };

  return read.reserves.flatMap((reserve): ExposurePosition[] => {
    const rows: ExposurePosition[] = [];
    const slug = `${MARKET}-${reserve.symbol.toLowerCase()}`;
    const rateModel = rateModelOfReserve(reserve);
    const shared = { market: MARKET, reserveFactor: reserve.reserveFactor, ...(rateModel && { rateModel }), ...(account && { account }) };
    if (reserve.aTokenBalance > 0n) {
      const amount = formatUnits(reserve.aTokenBalance, reserve.decimals);
      const value = valueUsd(reserve.aTokenBalance, reserve);
      const apr = rayToApr(reserve.liquidityRate);
      rows.push({
        position: { ...base, id: `${slug}-supply`, asset: reserve.symbol, amount, ...(reserve.usageAsCollateral && { collateral: amount }), valueUsd: value, apy: aprToApy(apr) },
        inputs: { ...shared, role: 'supply', valueUsd: value, apr },
      });
    }
    if (reserve.variableDebt > 0n) {
      const amount = formatUnits(reserve.variableDebt, reserve.decimals);
      const value = valueUsd(reserve.variableDebt, reserve);
      const apr = rayToApr(reserve.variableBorrowRate);
      rows.push({
        position: { ...base, id: `${slug}-borrow`, asset: reserve.symbol, amount, debt: amount, valueUsd: value, apy: aprToApy(apr) },
        inputs: { ...shared, role: 'borrow', valueUsd: value, apr },
      });
    }
    return rows;
  });
}
