import * as z from 'zod';
import type { ExposurePosition, LendingAccount, RateModel } from '../domain/position.js';
import { SECONDS_PER_YEAR } from '../domain/rates.js';
import { amount as usd, fraction, heldPosition as held, rate, type WhatIfAccount } from './whatIfAccount.js';

/*
 * A lending market's account described by hand, shared by every lending module: reserves supplied
 * and borrowed in USD, each with its threshold, LTV, rates or rate model, and an eMode category.
 */

const curve = z.strictObject({ optimalUsage: fraction, baseRate: rate, slope1: rate, slope2: rate });
const rateModel = curve.extend({ utilization: fraction, supply: curve.optional() });

const reserve = z.strictObject({
  asset: z.string().min(1),
  suppliedUsd: usd.default(0),
  borrowedUsd: usd.default(0),
  collateral: z.boolean().default(false),
  liquidationThreshold: fraction.optional(),
  ltv: fraction.optional(),
  supplyApr: rate.optional(),
  supplyApy: rate.optional(),
  borrowApr: rate.optional(),
  borrowApy: rate.optional(),
  reserveFactor: fraction.optional(),
  rateModel: rateModel.optional(),
});

const lendingAccount = z.strictObject({
  market: z.string().min(1).optional(),
  reserves: z.array(reserve).min(1),
  eMode: z.strictObject({ id: z.number().int().min(1).max(255), ltv: fraction, liquidationThreshold: fraction, assets: z.array(z.string()) }).optional(),
});

export type LendingAccountInput = z.infer<typeof lendingAccount>;

const bps = (share: number) => Math.round(share * 10_000 * 100) / 100;
/** The APR whose per-second compounding gives this APY (the inverse of aprToApy). */
const aprOfApy = (apy: number) => SECONDS_PER_YEAR * Math.expm1(Math.log1p(apy) / SECONDS_PER_YEAR);

/**
 * The what-if of a lending module whose main market is `market` (the exposure's name for it): a
 * health factor from the collaterals' thresholds (eMode's where it applies) and debts. Pure.
 */
export const lendingWhatIf = (market: string): WhatIfAccount => ({
  account: lendingAccount,
  positions: (account: LendingAccountInput, protocol: string) => lendingPositions(protocol, account, account.market ?? market),
  defaultMarket: (account: LendingAccountInput) => account.market ?? market,
});

function lendingPositions(protocol: string, input: LendingAccountInput, market: string): ExposurePosition[] {
  const { reserves, eMode } = input;
  const inEMode = (asset: string) => eMode?.assets.some((entry) => entry.toLowerCase() === asset.toLowerCase()) ?? false;
  const collateral = reserves
    .filter((entry) => entry.collateral && entry.suppliedUsd > 0)
    .map((entry) => ({
      asset: entry.asset,
      valueUsd: entry.suppliedUsd,
      liquidationThreshold: bps(entry.liquidationThreshold ?? 0),
      ...(entry.ltv !== undefined && { ltv: bps(entry.ltv) }),
      ...(inEMode(entry.asset) && { inEMode: true }),
    }));
  const debtUsd = reserves.reduce((sum, entry) => sum + entry.borrowedUsd, 0);
  const weighted = collateral.reduce((sum, entry) => sum + entry.valueUsd * (entry.inEMode && eMode ? eMode.liquidationThreshold : entry.liquidationThreshold / 10_000), 0);
  const account: LendingAccount | undefined =
    collateral.length > 0 || debtUsd > 0
      ? {
          market,
          debtUsd,
          ...(debtUsd > 0 && { healthFactor: weighted / debtUsd }),
          ...(eMode && { eMode: { id: eMode.id, ltv: bps(eMode.ltv), liquidationThreshold: bps(eMode.liquidationThreshold) } }),
          collateral,
        }
      : undefined;
  return reserves.flatMap((entry): ExposurePosition[] => {
    const model = entry.rateModel && rateModelOf(entry.rateModel, entry.reserveFactor);
    const shared = { market, ...(entry.reserveFactor !== undefined && { reserveFactor: bps(entry.reserveFactor) }), ...(model && { rateModel: model }), ...(account && { account }) };
    const rows: ExposurePosition[] = [];
    if (entry.suppliedUsd > 0) {
      const apr = entry.supplyApr ?? (entry.supplyApy === undefined ? undefined : aprOfApy(entry.supplyApy));
      rows.push({ position: held(protocol, `${entry.asset}-supply`, entry.asset, entry.suppliedUsd, entry.suppliedUsd), inputs: { ...shared, role: 'supply', valueUsd: entry.suppliedUsd, ...(apr !== undefined && { apr }) } });
    }
    if (entry.borrowedUsd > 0) {
      const apr = entry.borrowApr ?? (entry.borrowApy === undefined ? undefined : aprOfApy(entry.borrowApy));
      rows.push({ position: held(protocol, `${entry.asset}-borrow`, entry.asset, entry.borrowedUsd, entry.borrowedUsd), inputs: { ...shared, role: 'borrow', valueUsd: entry.borrowedUsd, ...(apr !== undefined && { apr }) } });
    }
    return rows;
  });
}

type CurveInput = { optimalUsage: number; baseRate: number; slope1: number; slope2: number };
const curveOf = (input: CurveInput) => ({ kink: input.optimalUsage, base: input.baseRate, slopeLow: input.slope1, slopeHigh: input.slope2 });
const rateModelOf = (input: CurveInput & { utilization: number; supply?: CurveInput | undefined }, reserveFactor: number | undefined): RateModel => ({
  utilization: input.utilization,
  borrow: curveOf(input),
  ...(input.supply && { supply: curveOf(input.supply) }),
  ...(reserveFactor !== undefined && { reserveFactor }),
});
