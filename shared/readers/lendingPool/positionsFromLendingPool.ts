import { formatUnits, maxUint256 } from 'viem';
import type { Wallet } from '../../address/types.js';
import type { ExposurePosition, LendingAccount, LendingCollateral, RateModel } from '../../domain/position.js';
import type { LendingPoolAccountRead, LendingPoolReserveRead } from './accountRead.js';
import type { LendingPoolMarket } from './lendingPoolMarket.js';
import { rateModelOf } from './rateModel.js';
import { aprToApy, rayToApr } from './rates.js';

/** Base currency units (USD, 8 decimals) as dollars. Pure. */
const baseToUsd = (base: bigint): number => Number(base) / 1e8;

/** An amount of a reserve's token in USD at its oracle price (8 decimals). Pure. */
const valueUsd = (amount: bigint, reserve: LendingPoolReserveRead): number => baseToUsd((amount * reserve.price) / 10n ** BigInt(reserve.decimals));

/** Whether the user's eMode category sets this reserve's LT and LTV: its bit in the category's bitmap (positions.md §1.3). Pure. */
export function inEModeCategory(reserve: LendingPoolReserveRead, eMode: LendingPoolAccountRead['eMode']): boolean {
  return eMode !== undefined && ((eMode.collateralBitmap >> BigInt(reserve.id)) & 1n) === 1n;
}

/** Whether a 3.6+ category counts this member's LTV as 0: its bit in the category's ltvzero bitmap. Pure. */
const ltvZeroedInEMode = (reserve: LendingPoolReserveRead, eMode: LendingPoolAccountRead['eMode']): boolean =>
  inEModeCategory(reserve, eMode) && (((eMode!.ltvzeroBitmap ?? 0n) >> BigInt(reserve.id)) & 1n) === 1n;

/** The LT that backs this collateral: the eMode category's when it applies, else the reserve's own. Pure. */
export function effectiveLiquidationThreshold(reserve: LendingPoolReserveRead, eMode: LendingPoolAccountRead['eMode']): number {
  return eMode && inEModeCategory(reserve, eMode) ? eMode.liquidationThreshold : reserve.liquidationThreshold;
}

/** The reserve's rate model, when its cash and curve were both read. Pure. */
function rateModelOfReserve(reserve: LendingPoolReserveRead): RateModel | undefined {
  const { rateCurve: curve, totalVariableDebt, reserveFactor } = reserve;
  if (!curve) return undefined;
  if (reserve.virtualUnderlyingBalance !== undefined) return rateModelOf({ totalVariableDebt, virtualUnderlyingBalance: reserve.virtualUnderlyingBalance, curve, reserveFactor });
  if (reserve.aTokenCash !== undefined) return rateModelOf({ totalVariableDebt, aTokenCash: reserve.aTokenCash, curve, reserveFactor });
  return undefined;
}

/**
 * The account a governance change moves, shared by the wallet's positions: its debt, the health
 * factor when it has debt, and each collateral with the reserve's own LT and LTV (the eMode
 * category's replace them for members, flagged inEMode, and ltvzero where a 3.6+ category zeroes the LTV). An account with collateral and no debt is
 * kept, without a health factor: an LTV change still moves what it can borrow. None without
 * collateral or debt. Pure.
 */
function accountOf(market: string, read: LendingPoolAccountRead, healthFactor: number | undefined): LendingAccount | undefined {
  const collateral = read.reserves
    .filter((reserve) => reserve.usageAsCollateral && reserve.aTokenBalance > 0n)
    .map(
      (reserve): LendingCollateral => ({
        asset: reserve.symbol,
        valueUsd: valueUsd(reserve.aTokenBalance, reserve),
        liquidationThreshold: reserve.liquidationThreshold,
        ltv: reserve.ltv,
        ...(inEModeCategory(reserve, read.eMode) && { inEMode: true }),
        ...(ltvZeroedInEMode(reserve, read.eMode) && { ltvzero: true }),
      }),
    );
  if (collateral.length === 0 && healthFactor === undefined) return undefined;
  // The bitmap was read only from a 3.6+ pool: that is the pool whose rule it is.
  const eMode = read.eMode && {
    id: read.eMode.id,
    ...(read.eMode.label && { label: read.eMode.label }),
    ltv: read.eMode.ltv,
    liquidationThreshold: read.eMode.liquidationThreshold,
    ...(read.eMode.ltvzeroBitmap !== undefined && { ltvRule: 'ltvzeroBitmap' as const }),
    ...(read.eMode.isolated !== undefined && { isolated: read.eMode.isolated }),
  };
  return { market, ...(healthFactor !== undefined && { healthFactor }), debtUsd: baseToUsd(read.totalDebtBase), ...(eMode && { eMode }), collateral };
}

/**
 * The wallet's positions in one lending-pool market: one per supplied and per borrowed reserve
 * (a v3.0 stable-rate debt is a borrow of its own, at the user's stable rate, with no rate model:
 * the curve moves only the variable rate), each carrying the account (accountOf) and its
 * reserve's rate model (utilization, borrow curve, reserve factor) that LT, LTV, eMode and rate
 * changes move. Only an account with debt has a health factor. Pure.
 *
 * @example positionsFromLendingPool(market, await readLendingPoolAccount(market, reader, user, signal), wallet)
 */
export function positionsFromLendingPool(market: LendingPoolMarket, read: LendingPoolAccountRead, wallet: Wallet): ExposurePosition[] {
  const hasDebt = read.totalDebtBase > 0n && read.healthFactor !== maxUint256;
  const healthFactor = hasDebt ? Number(read.healthFactor / 10n ** 12n) / 1e6 : undefined;
  const account = accountOf(market.market, read, healthFactor);
  const base = { protocol: market.protocol, user_address: wallet.address, ...(healthFactor !== undefined && { healthFactor }), ...(market.chain && { chain: market.chain, market: market.market }) };

  return read.reserves.flatMap((reserve): ExposurePosition[] => {
    const rows: ExposurePosition[] = [];
    const slug = `${market.market}-${reserve.symbol.toLowerCase()}`;
    const rateModel = rateModelOfReserve(reserve);
    const shared = (model?: RateModel) => ({ market: market.market, reserveFactor: reserve.reserveFactor, ...(model && { rateModel: model }), ...(account && { account }) });
    const borrow = (id: string, debt: bigint, rate: bigint, model?: RateModel): ExposurePosition => {
      const amount = formatUnits(debt, reserve.decimals);
      const value = valueUsd(debt, reserve);
      const apr = rayToApr(rate);
      return {
        position: { ...base, id, asset: reserve.symbol, amount, debt: amount, valueUsd: value, apy: aprToApy(apr) },
        inputs: { ...shared(model), role: 'borrow', valueUsd: value, apr },
      };
    };
    if (reserve.aTokenBalance > 0n) {
      const amount = formatUnits(reserve.aTokenBalance, reserve.decimals);
      const value = valueUsd(reserve.aTokenBalance, reserve);
      const apr = rayToApr(reserve.liquidityRate);
      rows.push({
        position: { ...base, id: `${slug}-supply`, asset: reserve.symbol, amount, ...(reserve.usageAsCollateral && { collateral: amount }), valueUsd: value, apy: aprToApy(apr) },
        inputs: { ...shared(rateModel), role: 'supply', valueUsd: value, apr },
      });
    }
    if (reserve.variableDebt > 0n) rows.push(borrow(`${slug}-borrow`, reserve.variableDebt, reserve.variableBorrowRate, rateModel));
    if (reserve.stableDebt && reserve.stableDebt > 0n) rows.push(borrow(`${slug}-borrow-stable`, reserve.stableDebt, reserve.stableBorrowRate ?? 0n));
    return rows;
  });
}
