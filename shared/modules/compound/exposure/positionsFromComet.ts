import { formatUnits } from 'viem';
import { aprToApy } from '../../../domain/rates.js';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition, LendingAccount } from '../../../domain/position.js';
import { cometRateInputs } from '../cometCurve.js';
import { perSecondToApr } from './cometRates.js';
import type { CometAccountRead } from './readCometAccounts.js';

/** Per-second compounding, as Comet accrues: (1 + rate)^secondsPerYear − 1. Pure. */
export const perSecondToApy = (rate: bigint): number => aprToApy(perSecondToApr(rate));

/** An amount in USD: amount / scale × price (8 decimals). Pure. */
const usd = (amount: bigint, scale: bigint, price: bigint): number => Number((amount * price) / scale) / 1e8;

/** A 1e18-scaled factor in bps: 1 bps = 1e14. */
const bps = (factor: bigint): number => Number(factor / 10n ** 14n);

/**
 * The account a collateral-factor change moves: HF = Σ collateral·price·LCF / debt
 * (Comet.isLiquidatable; positions.md §2.3), each collateral with its liquidate CF as the
 * threshold and its borrow CF as the LTV (Comet.isBorrowCollateralized), both in bps. An account
 * with collateral and no debt has no health factor, but its borrowing power still moves with the
 * borrow CF. Undefined with neither, or when the debt could not be valued. Pure.
 */
export function cometLendingAccount(read: CometAccountRead): LendingAccount | undefined {
  const collateral = read.collateral
    .filter((entry) => entry.balance > 0n)
    .map((entry) => ({
      asset: entry.symbol,
      valueUsd: usd(entry.balance, entry.scale, entry.price),
      liquidationThreshold: bps(entry.liquidateCollateralFactor),
      ltv: bps(entry.borrowCollateralFactor),
    }));
  const market = read.market.market;
  if (read.borrowed === 0n) return collateral.length > 0 ? { market, debtUsd: 0, collateral } : undefined;
  const debtUsd = usd(read.borrowed, 10n ** BigInt(read.baseDecimals), read.basePrice);
  // A price feed answering 0 leaves the debt unvalued: no health factor rather than a false 0.
  if (!(debtUsd > 0)) return undefined;
  const liquidationValue = collateral.reduce((sum, entry) => sum + (entry.valueUsd * entry.liquidationThreshold) / 10_000, 0);
  return { market, healthFactor: liquidationValue / debtUsd, debtUsd, collateral };
}

/**
 * A wallet's Comet positions: base supplied (earning the supply rate) or borrowed (paying the
 * borrow rate), each with the market's two curves, and each collateral (which earns nothing in
 * Comet) with the account. Pure.
 */
export function positionsFromComet(reads: readonly CometAccountRead[], wallet: Wallet): ExposurePosition[] {
  return reads.flatMap((read): ExposurePosition[] => {
    const { market, chain } = read.market;
    const { baseSymbol, baseDecimals } = read;
    const account = cometLendingAccount(read);
    // Each position names the chain it was read on and its Comet (Position.chain, Position.market), the market its changes name.
    const base = { protocol: 'compound', user_address: wallet.address, ...(account?.healthFactor !== undefined && { healthFactor: account.healthFactor }), chain, market };
    const baseScale = 10n ** BigInt(baseDecimals);
    // Comet's curves in its own integers: the shared rateModel's form would misprice them.
    const cometRates = cometRateInputs(read.rateModel, read.utilization);
    const rows: ExposurePosition[] = [];
    if (read.supplied > 0n) {
      const valueUsd = usd(read.supplied, baseScale, read.basePrice);
      const apr = perSecondToApr(read.supplyRate);
      rows.push({
        position: { ...base, id: `${market}-${baseSymbol.toLowerCase()}-supply`, asset: baseSymbol, amount: formatUnits(read.supplied, baseDecimals), valueUsd, apy: perSecondToApy(read.supplyRate) },
        inputs: { market, role: 'supply', valueUsd, apr, cometRates },
      });
    }
    if (read.borrowed > 0n) {
      const amount = formatUnits(read.borrowed, baseDecimals);
      const valueUsd = usd(read.borrowed, baseScale, read.basePrice);
      rows.push({
        position: { ...base, id: `${market}-${baseSymbol.toLowerCase()}-borrow`, asset: baseSymbol, amount, debt: amount, valueUsd, apy: perSecondToApy(read.borrowRate) },
        inputs: { market, role: 'borrow', valueUsd, apr: perSecondToApr(read.borrowRate), cometRates, ...(account && { account }) },
      });
    }
    for (const entry of read.collateral) {
      if (entry.balance === 0n) continue;
      const decimals = entry.scale.toString().length - 1;
      const amount = formatUnits(entry.balance, decimals);
      const valueUsd = usd(entry.balance, entry.scale, entry.price);
      rows.push({
        position: { ...base, id: `${market}-${entry.symbol.toLowerCase()}-collateral`, asset: entry.symbol, amount, collateral: amount, valueUsd, apy: 0 },
        inputs: { market, role: 'supply', valueUsd, apr: 0, ...(account && { account }) },
      });
    }
    return rows;
  });
}
