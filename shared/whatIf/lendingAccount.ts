import * as z from 'zod';
import type { EModeLtvRule, ExposurePosition, LendingAccount, RateModel } from '../domain/position.js';
import { SECONDS_PER_YEAR } from '../domain/rates.js';
import { applyToCollateral } from '../simulate/lendingEffects.js';
import { amount as usd, fraction, heldPosition as held, rate, type WhatIfAccount } from './whatIfAccount.js';

/*
 * A lending market's account described by hand, shared by every lending module: reserves supplied
 * and borrowed in USD, each with its threshold, LTV, rates or rate model, and an eMode category
 * with the pool's eMode LTV rule (EModeLtvRule; the module's when not given), its ltvzero members
 * and (3.7+) whether it is isolated.
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

const RULES = ['ownLtvZero', 'ltvzeroBitmap'] as const satisfies readonly EModeLtvRule[];
const sameAsset = (a: string) => (b: string) => a.toLowerCase() === b.toLowerCase();

const eModeCategory = z.strictObject({
  id: z.number().int().min(1).max(255),
  ltv: fraction,
  liquidationThreshold: fraction,
  /** The category's collateral: their LT and LTV are the category's. */
  assets: z.array(z.string()),
  /** How the pool zeroes a member's LTV; absent: the module's (the pool version its markets run). */
  ltvRule: z.enum(RULES).optional(),
  /** Members whose LTV the category zeroes (its ltvzero bitmap, `ltvzeroBitmap` pools). */
  ltvzero: z.array(z.string()).optional(),
  /** The category is isolated: collateral outside it counts at LTV 0 (aave-v3-origin 3.7+, `ltvzeroBitmap` pools). */
  isolated: z.boolean().optional(),
});

/** The account's shape, refusing what its pool's rule cannot hold (as the configurator refuses it). */
const lendingAccountOf = (rule: EModeLtvRule) =>
  z
    .strictObject({
      market: z.string().min(1).optional(),
      reserves: z.array(reserve).min(1),
      eMode: eModeCategory.optional(),
    })
    .superRefine(({ eMode }, context) => {
      if (!eMode) return;
      const effective = eMode.ltvRule ?? rule;
      for (const field of ['ltvzero', 'isolated'] as const) {
        if (effective === 'ownLtvZero' && (field === 'isolated' ? eMode.isolated === true : (eMode.ltvzero?.length ?? 0) > 0))
          context.addIssue({ code: 'custom', path: ['eMode', field], message: `${field} exists only on a pool of the ltvzeroBitmap rule (aave-v3-origin 3.6+${field === 'isolated' ? ', isolation 3.7+' : ''}); this account's rule is ownLtvZero (set eMode.ltvRule if its pool is newer)` });
      }
      eMode.ltvzero?.forEach((asset, index) => {
        if (!eMode.assets.some(sameAsset(asset))) context.addIssue({ code: 'custom', path: ['eMode', 'ltvzero', index], message: `${asset} is not in eMode.assets: only the category's collateral has an ltvzero flag` });
      });
    });

export type LendingAccountInput = z.infer<ReturnType<typeof lendingAccountOf>>;

const bps = (share: number) => Math.round(share * 10_000 * 100) / 100;
/** The APR whose per-second compounding gives this APY (the inverse of aprToApy). */
const aprOfApy = (apy: number) => SECONDS_PER_YEAR * Math.expm1(Math.log1p(apy) / SECONDS_PER_YEAR);

/**
 * The what-if of a lending module whose main market is `market` (the exposure's name for it) and
 * whose pools follow `eModeLtvRule` (an account may state its own): a health factor from the
 * collaterals' thresholds as the pool counts them (eMode's where it applies) and debts. Pure.
 */
export const lendingWhatIf = (market: string, eModeLtvRule: EModeLtvRule = 'ownLtvZero'): WhatIfAccount => ({
  account: lendingAccountOf(eModeLtvRule),
  positions: (account: LendingAccountInput, protocol: string) => lendingPositions(protocol, account, account.market ?? market, eModeLtvRule),
  defaultMarket: (account: LendingAccountInput) => account.market ?? market,
});

function lendingPositions(protocol: string, input: LendingAccountInput, market: string, rule: EModeLtvRule): ExposurePosition[] {
  const { reserves, eMode } = input;
  const inEMode = (asset: string) => eMode?.assets.some(sameAsset(asset)) ?? false;
  const collateral = reserves
    .filter((entry) => entry.collateral && entry.suppliedUsd > 0)
    .map((entry) => ({
      asset: entry.asset,
      valueUsd: entry.suppliedUsd,
      liquidationThreshold: bps(entry.liquidationThreshold ?? 0),
      ...(entry.ltv !== undefined && { ltv: bps(entry.ltv) }),
      ...(inEMode(entry.asset) && { inEMode: true }),
      ...(inEMode(entry.asset) && eMode?.ltvzero?.some(sameAsset(entry.asset)) && { ltvzero: true }),
    }));
  const debtUsd = reserves.reduce((sum, entry) => sum + entry.borrowedUsd, 0);
  const withoutHealth: LendingAccount = {
    market,
    debtUsd,
    ...(eMode && { eMode: { id: eMode.id, ltv: bps(eMode.ltv), liquidationThreshold: bps(eMode.liquidationThreshold), ltvRule: eMode.ltvRule ?? rule, ...(eMode.isolated !== undefined && { isolated: eMode.isolated }) } }),
    collateral,
  };
  // The health factor as the pool counts each collateral (its rule: a reserve whose own LT is 0 may count nothing, in eMode too).
  const weighted = applyToCollateral(withoutHealth, []).reduce((sum, { collateral: entry, before }) => sum + (entry.valueUsd * before.liquidationThreshold) / 10_000, 0);
  const account: LendingAccount | undefined = collateral.length > 0 || debtUsd > 0 ? { ...withoutHealth, ...(debtUsd > 0 && { healthFactor: weighted / debtUsd }) } : undefined;
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
