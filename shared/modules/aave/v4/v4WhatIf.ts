import * as z from 'zod';
import type { ExposurePosition, LendingAccount } from '../../../domain/position.js';
import { amount as usd, fraction, heldPosition as held, rate, type WhatIfAccount } from '../../../whatIf/whatIfAccount.js';
import { spokeAccountData } from './accountData.js';
import { V4_SPOKE_NAMES } from './spokeNames.js';
import { v4BorrowAprOfUsd } from './supplyRate.js';
import type { V4AccountInputs, V4RateInputs } from './v4Inputs.js';

/*
 * An Aave v4 spoke account described by hand, for the what-if command: each reserve's supplied and
 * drawn (and premium) debt in USD, its collateral factor at every dynamic config key (the last is the
 * reserve's latest) and the key the position is on, and its collateral risk. No chain library: the
 * module's info loads it.
 */

const bps = (share: number) => Math.round(share * 10_000 * 100) / 100;
/** A share the spoke stores in whole bps (uint16 collateral factor, uint24 collateral risk): its arithmetic has no fraction of one. */
const wholeBps = <T extends z.ZodNumber>(share: T) => share.refine((value) => Number.isInteger(bps(value)), { message: 'must be a whole number of bps (0.7812, not 0.78123): the spoke stores it so' });

const reserve = z.strictObject({
  asset: z.string().min(1),
  suppliedUsd: usd.default(0),
  /** Drawn debt, and the premium debt the risk premium added on top of it (Spoke.getUserDebt's two parts). */
  drawnUsd: usd.default(0),
  premiumUsd: usd.default(0),
  collateral: z.boolean().default(false),
  /** The reserve's collateral factor at each dynamic config key, from key 0; the last is its latest. */
  collateralFactors: z.array(wholeBps(fraction)).min(1).optional(),
  /** The key this position is on (UserPosition.dynamicConfigKey); absent: the latest, as a position just refreshed is. */
  dynamicConfigKey: z.number().int().min(0).optional(),
  /** bps as a fraction of the drawn rate, up to 1,000 % (ReserveConfig.collateralRisk ≤ 100,000 bps). */
  collateralRisk: wholeBps(z.number().min(0).max(10)).default(0),
  /** The yearly rate a supply earns now, after the hub's liquidity fee. */
  supplyRate: rate.optional(),
  /** The hub asset's drawn rate (IHub.Asset.drawnRate), yearly. */
  drawnRate: rate.optional(),
  /** The usage the hub priced the drawn rate at (drawn over liquidity + drawn + swept): a curve change needs it. */
  usage: fraction.optional(),
  /** The share of the interest the hub keeps (IHub.AssetConfig.liquidityFee): a v4LiquidityFee change moves the supply rate from it. */
  liquidityFee: fraction.optional(),
});

/** The account's shape: `spoke` names the spoke's market (`aave-v4-ethereum-main`), which also tells it from a v3 account. */
export const v4SpokeAccount = z
  .strictObject({ spoke: z.enum(Object.keys(V4_SPOKE_NAMES) as [string, ...string[]]), reserves: z.array(reserve).min(1) })
  .superRefine(({ reserves }, context) => {
    reserves.forEach((entry, index) => {
      const keys = entry.collateralFactors?.length ?? 0;
      if (entry.dynamicConfigKey !== undefined && entry.dynamicConfigKey >= keys)
        context.addIssue({ code: 'custom', path: ['reserves', index, 'dynamicConfigKey'], message: `key ${entry.dynamicConfigKey} has no collateral factor: collateralFactors lists keys 0 to ${keys - 1}` });
      if (entry.collateral && entry.suppliedUsd > 0 && keys === 0) context.addIssue({ code: 'custom', path: ['reserves', index, 'collateralFactors'], message: 'a collateral needs its collateral factor at each config key up to the one its position is on' });
    });
  });

export type V4SpokeAccountInput = z.infer<typeof v4SpokeAccount>;

/** Dollars as the spoke's values (26 decimals), to the micro-dollar. */
const value = (dollars: number): bigint => BigInt(Math.round(dollars * 1e6)) * 10n ** 20n;

/**
 * The positions a v4 spoke account stands for, with the inputs the v4 calculators read: each
 * collateral at the factor of the key its position is on, the health factor and risk premium as
 * Spoke._processUserAccountData computes them (accountData.ts), and the drawn plus premium debt. Pure.
 */
export function v4Positions(protocol: string, input: V4SpokeAccountInput): ExposurePosition[] {
  const market = input.spoke;
  const collateral = input.reserves
    .filter((entry) => entry.collateral && entry.suppliedUsd > 0 && entry.collateralFactors)
    .map((entry) => {
      const latestConfigKey = entry.collateralFactors!.length - 1;
      const dynamicConfigKey = entry.dynamicConfigKey ?? latestConfigKey;
      return { asset: entry.asset, valueUsd: entry.suppliedUsd, collateralFactor: bps(entry.collateralFactors![dynamicConfigKey]!), collateralRisk: bps(entry.collateralRisk), dynamicConfigKey, latestConfigKey };
    });
  const debtUsd = input.reserves.reduce((sum, entry) => sum + entry.drawnUsd + entry.premiumUsd, 0);
  const data = spokeAccountData({
    collateral: collateral.map((entry) => ({ value: value(entry.valueUsd), collateralFactor: entry.collateralFactor, collateralRisk: entry.collateralRisk })),
    debtValueRay: value(debtUsd) * 10n ** 27n,
  });
  const healthFactor = debtUsd > 0 ? Number(data.healthFactor / 10n ** 12n) / 1e6 : undefined;
  const account: LendingAccount = {
    market,
    ...(healthFactor !== undefined && { healthFactor }),
    debtUsd,
    collateral: collateral.map((entry) => ({ asset: entry.asset, valueUsd: entry.valueUsd, liquidationThreshold: entry.collateralFactor })),
  };
  const borrows = input.reserves
    .filter((entry) => entry.drawnUsd + entry.premiumUsd > 0)
    .map((entry) => ({ asset: entry.asset, drawnUsd: entry.drawnUsd, debtUsd: entry.drawnUsd + entry.premiumUsd, ...(entry.drawnRate !== undefined && { drawnRate: entry.drawnRate }) }));
  const aaveV4: V4AccountInputs = { market, collateral, riskPremium: Number(data.riskPremium), borrows };
  return input.reserves.flatMap((entry): ExposurePosition[] => {
    const rows: ExposurePosition[] = [];
    const shared = { market, account, aaveV4 };
    if (entry.suppliedUsd > 0) rows.push({ position: { ...held(protocol, `${entry.asset}-supply`, entry.asset, entry.suppliedUsd, entry.suppliedUsd), market }, inputs: { ...shared, role: 'supply', valueUsd: entry.suppliedUsd, ...supplyRateOf(entry) } });
    const owed = entry.drawnUsd + entry.premiumUsd;
    if (owed > 0) rows.push({ position: { ...held(protocol, `${entry.asset}-borrow`, entry.asset, owed, owed), market }, inputs: { ...shared, role: 'borrow', valueUsd: owed, ...borrowRateOf(entry, aaveV4.riskPremium) } });
    return rows;
  });
}

type ReserveInput = V4SpokeAccountInput['reserves'][number];
const defined = <T extends object>(fields: T): Partial<T> => Object.fromEntries(Object.entries(fields).filter(([, field]) => field !== undefined)) as Partial<T>;

/** A supply's rate as stated, with the share of the drawn rate it stands for where the drawn rate is stated too (a curve change moves it by that share). Pure. */
function supplyRateOf(entry: ReserveInput): { apr?: number; aaveV4Rate?: V4RateInputs } {
  const { supplyRate, drawnRate, usage, liquidityFee } = entry;
  const aaveV4Rate: V4RateInputs = defined({
    drawnRate,
    shareOfDrawnRate: supplyRate !== undefined && drawnRate ? supplyRate / drawnRate : undefined,
    usage,
    liquidityFee: liquidityFee === undefined ? undefined : bps(liquidityFee),
  });
  return { ...(supplyRate !== undefined && { apr: supplyRate }), ...(Object.keys(aaveV4Rate).length > 0 && { aaveV4Rate }) };
}

/**
 * A borrow's rate from the drawn rate, by the hub's accrual (supplyRate.ts v4BorrowAprOfUsd): its drawn
 * and premium shares grow at the drawn rate over what it owes, drawn plus premium. Its premium
 * shares are its drawn ones × the account's risk premium, as the spoke sets them when the position
 * refreshes (UserPositionUtils.calculatePremiumDelta: drawnShares.percentMulUp(riskPremium)): a
 * position taken as refreshed, as its config key is. Index 1: only drawn × index counts. Pure.
 */
function borrowRateOf(entry: ReserveInput, riskPremium: number): { apr?: number; aaveV4Rate?: V4RateInputs } {
  if (entry.drawnRate === undefined) return {};
  const borrow = { drawnUsd: entry.drawnUsd, debtUsd: entry.drawnUsd + entry.premiumUsd, drawnRate: entry.drawnRate };
  const shareOfDrawnRate = v4BorrowAprOfUsd({ ...borrow, drawnRate: 1 }, riskPremium);
  return { apr: v4BorrowAprOfUsd(borrow, riskPremium), aaveV4Rate: defined({ drawnRate: entry.drawnRate, shareOfDrawnRate, usage: entry.usage }) };
}

const isV4 = (account: unknown): account is V4SpokeAccountInput => typeof account === 'object' && account !== null && 'spoke' in account;

/**
 * Aave's what-if account: a v3 pool account (`lending`), or a v4 spoke account, told apart by its
 * `spoke`. A change to a v4 key's factor names the key (`configKey`) and reaches the collateral
 * still on it. Pure.
 */
export const withV4Spokes = (lending: WhatIfAccount): WhatIfAccount => ({
  // Told apart by `spoke` (absent on a v3 account), so a refused field is named in the shape the account meant.
  account: z.discriminatedUnion('spoke', [(lending.account as z.ZodObject).extend({ spoke: z.undefined().optional().meta({ description: 'Absent: an Aave v3 pool account.' }) }), v4SpokeAccount]),
  positions: (account: never, protocol: string) => (isV4(account) ? v4Positions(protocol, account) : lending.positions(account, protocol)),
  defaultMarket: (account: never) => (isV4(account) ? (account as V4SpokeAccountInput).spoke : lending.defaultMarket?.(account)) as string,
});

