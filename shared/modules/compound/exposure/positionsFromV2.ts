import { formatUnits } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition, LendingAccount } from '../../../domain/position.js';
import { aprToApy } from '../../../domain/rates.js';
import { V2_MARKET } from '../addresses.js';
import type { V2MarketRead } from './readV2Account.js';

/**
 * Ethereum blocks a year since the Merge: one per 12-second slot, 365 × 7,200. v2 accrues per
 * block; its rate models still assume 15-second blocks when they turn yearly parameters into
 * per-block ones (compound-finance/compound-protocol issue #230), which does not change what a
 * per-block rate earns in a year.
 */
export const BLOCKS_PER_YEAR = 2_628_000;

/** A per-block rate (1e18-scaled) as a yearly APR fraction. Pure. */
export const perBlockToApr = (rate: bigint): number => (Number(rate) / 1e18) * BLOCKS_PER_YEAR;

/** The underlying a cToken balance redeems for: cTokens × exchangeRate / 1e18, in the underlying's units. Pure. */
export const suppliedUnderlying = (read: V2MarketRead): bigint => (read.cTokenBalance * read.exchangeRate) / 10n ** 18n;

/**
 * An underlying amount in USD with the v2 oracle's price, scaled by 1e(36 − decimals): amount ×
 * price / 1e36 (PriceOracle.sol). Undefined without a price. Pure.
 */
const usd = (amount: bigint, price: bigint | undefined): number | undefined => (price === undefined ? undefined : Number((amount * price) / 10n ** 28n) / 1e8);

/** A 1e18-scaled factor in bps: 1 bps = 1e14. */
const bps = (factor: bigint): number => Number(factor / 10n ** 14n);

/**
 * The v2 account as the Comptroller judges it (getHypotheticalAccountLiquidityInternal): the
 * supply of each entered market is collateral at its collateral factor, which in v2 is both the LTV
 * and the liquidation threshold; HF = Σ value·CF / debt, as getAccountLiquidity's shortfall starts
 * at 1. No health factor without debt. Undefined with neither collateral nor debt, or when a price
 * the Comptroller needs is missing (it then fails with PRICE_ERROR). Pure.
 */
export function v2LendingAccount(reads: readonly V2MarketRead[]): LendingAccount | undefined {
  const collateralReads = reads.filter((read) => read.entered && read.cTokenBalance > 0n);
  const debtReads = reads.filter((read) => read.borrowBalance > 0n);
  if (collateralReads.length === 0 && debtReads.length === 0) return undefined;
  if ([...collateralReads, ...debtReads].some((read) => read.price === undefined)) return undefined;
  const collateral = collateralReads.map((read) => {
    const factor = bps(read.collateralFactor);
    return { asset: read.market.symbol, valueUsd: usd(suppliedUnderlying(read), read.price)!, liquidationThreshold: factor, ltv: factor };
  });
  const debtUsd = debtReads.reduce((sum, read) => sum + usd(read.borrowBalance, read.price)!, 0);
  if (debtUsd === 0) return { market: V2_MARKET, debtUsd, collateral };
  const borrowLimit = collateral.reduce((sum, entry) => sum + (entry.valueUsd * entry.liquidationThreshold) / 10_000, 0);
  return { market: V2_MARKET, healthFactor: borrowLimit / debtUsd, debtUsd, collateral };
}

/**
 * A wallet's Compound v2 positions: a supply per market (collateral when the market is entered)
 * and a borrow per market, each at its per-block rate, under the market name v2 changes carry. Pure.
 */
export function positionsFromV2(reads: readonly V2MarketRead[], wallet: Wallet): ExposurePosition[] {
  const account = v2LendingAccount(reads);
  const base = { protocol: 'compound', user_address: wallet.address, ...(account?.healthFactor !== undefined && { healthFactor: account.healthFactor }), chain: 'ethereum', market: V2_MARKET };
  return reads.flatMap((read): ExposurePosition[] => {
    const { cSymbol, symbol, decimals } = read.market;
    const id = `${V2_MARKET}-${cSymbol.toLowerCase()}`;
    const rows: ExposurePosition[] = [];
    if (read.cTokenBalance > 0n) {
      const underlying = suppliedUnderlying(read);
      const amount = formatUnits(underlying, decimals);
      const valueUsd = usd(underlying, read.price);
      const apr = perBlockToApr(read.supplyRatePerBlock);
      rows.push({
        position: { ...base, id: `${id}-supply`, asset: symbol, amount, ...(read.entered && { collateral: amount }), ...(valueUsd !== undefined && { valueUsd }), apy: aprToApy(apr, BLOCKS_PER_YEAR) },
        // A supply outside assetsIn backs nothing: a collateral-factor change does not reach it.
        inputs: { market: V2_MARKET, role: 'supply', ...(valueUsd !== undefined && { valueUsd }), apr, ...(read.entered && account && { account }) },
      });
    }
    if (read.borrowBalance > 0n) {
      const amount = formatUnits(read.borrowBalance, decimals);
      const valueUsd = usd(read.borrowBalance, read.price);
      const apr = perBlockToApr(read.borrowRatePerBlock);
      rows.push({
        position: { ...base, id: `${id}-borrow`, asset: symbol, amount, debt: amount, ...(valueUsd !== undefined && { valueUsd }), apy: aprToApy(apr, BLOCKS_PER_YEAR) },
        inputs: { market: V2_MARKET, role: 'borrow', ...(valueUsd !== undefined && { valueUsd }), apr, ...(account && { account }) },
      });
    }
    return rows;
  });
}
