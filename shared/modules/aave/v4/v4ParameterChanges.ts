import type { ParameterChange } from '../../../domain/parameterChange.js';

/*
 * The ParameterChanges of Aave v4's configuration structs, one constructor per struct: the spoke's
 * and hub's events (changesOfConfigEvents.ts) and a payload's views (changesOfV4Payload.ts) carry the
 * same structs (aave-v4 ISpoke, IHub; IAaveV4ConfigEngine), so both state them through these.
 */

/** Where a change applies and what it was read from; no asset for a spoke-wide value. */
export interface V4ChangePlace {
  market: string;
  asset?: string;
  evidence: string;
}

/** ISpoke.DynamicReserveConfig. */
export interface V4DynamicReserveConfig {
  collateralFactor: number;
  maxLiquidationBonus: number;
  liquidationFee: number;
}

/** ISpoke.ReserveConfig, the fields read. */
export interface V4ReserveConfig {
  collateralRisk: number;
  paused: boolean;
  frozen: boolean;
  borrowable: boolean;
}

/** ISpoke.LiquidationConfig (the payload's LiquidationConfigUpdate widens the bonus factor to uint256). */
export interface V4LiquidationConfig {
  targetHealthFactor: bigint;
  healthFactorForMaxBonus: bigint;
  liquidationBonusFactor: number | bigint;
}

/** IHub.SpokeConfig, the fields read. */
export interface V4SpokeConfig {
  addCap: bigint;
  drawCap: bigint;
  riskPremiumThreshold: number;
  active: boolean;
  halted: boolean;
}

/** IHub.AssetConfig: one hub asset's fee, fee receiver, rate strategy and reinvestment controller. */
export interface V4AssetConfig {
  feeReceiver: string;
  liquidityFee: number;
  irStrategy: string;
  reinvestmentController: string;
}

/** One verified v4 change at `place`, with the new value only (neither source states the old one: the scan reads it). Pure. */
export function v4Change(place: V4ChangePlace, parameter: string, to: number | string, unit: ParameterChange['unit'], extra: Partial<ParameterChange> = {}): ParameterChange {
  return { protocol: 'aave', market: place.market, ...(place.asset !== undefined && { asset: place.asset }), parameter, to, unit, evidence: place.evidence, verified: true, ...extra };
}

/** A WAD factor as a number (1.2 for 1.2e18), to six decimals. */
const wadToNumber = (wad: bigint): number => Number(wad / 10n ** 12n) / 1e6;

/** A reserve listed on a spoke. Pure. */
export const listingChange = (place: V4ChangePlace): ParameterChange => v4Change(place, 'listing', 'listed', 'state');

/** One config key's collateral factor, largest bonus and fee: they reach only the positions on that key. Pure. */
export function dynamicReserveConfigChanges(place: V4ChangePlace, config: V4DynamicReserveConfig, configKey: number): ParameterChange[] {
  const keyed = { configKey };
  return [
    v4Change(place, 'v4CollateralFactor', config.collateralFactor, 'bps', keyed),
    // The bonus alone: the spoke stores 100 % plus it.
    v4Change(place, 'v4MaxLiquidationBonus', config.maxLiquidationBonus - 10_000, 'bps', keyed),
    v4Change(place, 'v4LiquidationFee', config.liquidationFee, 'bps', keyed),
  ];
}

/** A reserve's collateral risk, and paused / frozen / borrowable as one state. Pure. */
export function reserveConfigChanges(place: V4ChangePlace, config: V4ReserveConfig): ParameterChange[] {
  const state = config.paused ? 'paused' : config.frozen ? 'frozen' : config.borrowable ? 'borrowable' : 'not borrowable';
  return [v4Change(place, 'v4CollateralRisk', config.collateralRisk, 'bps'), v4Change(place, 'v4ReserveState', state, 'state')];
}

/** A spoke's target health factor, health factor for the largest bonus, and bonus factor (spoke-wide: `place` names no asset). Pure. */
export function liquidationConfigChanges(place: V4ChangePlace, config: V4LiquidationConfig): ParameterChange[] {
  return [
    v4Change(place, 'v4TargetHealthFactor', wadToNumber(config.targetHealthFactor), 'state'),
    v4Change(place, 'v4HealthFactorForMaxBonus', wadToNumber(config.healthFactorForMaxBonus), 'state'),
    v4Change(place, 'v4LiquidationBonusFactor', Number(config.liquidationBonusFactor), 'bps'),
  ];
}

/** A spoke's add and draw caps on a hub asset, its risk premium threshold, and its state there. Pure. */
export function spokeConfigChanges(place: V4ChangePlace, config: V4SpokeConfig): ParameterChange[] {
  return [
    v4Change(place, 'v4AddCap', Number(config.addCap), 'tokens'),
    v4Change(place, 'v4DrawCap', Number(config.drawCap), 'tokens'),
    v4Change(place, 'v4RiskPremiumThreshold', config.riskPremiumThreshold, 'bps'),
    v4Change(place, 'v4SpokeState', config.halted ? 'halted' : config.active ? 'active' : 'inactive', 'state'),
  ];
}

/**
 * A hub asset's configuration on one spoke's market listing it: its liquidity fee (bps), and its
 * rate strategy, reinvestment controller and fee receiver by address (lower-case, so two spellings
 * never read as a move). A field left out is not stated (a payload's KEEP_CURRENT). Pure.
 */
export function assetConfigChanges(place: V4ChangePlace, config: Partial<V4AssetConfig>): ParameterChange[] {
  const { liquidityFee, irStrategy, reinvestmentController, feeReceiver } = config;
  return [
    ...(liquidityFee === undefined ? [] : [v4Change(place, 'v4LiquidityFee', liquidityFee, 'bps')]),
    ...(irStrategy === undefined ? [] : [v4Change(place, 'v4RateStrategy', irStrategy.toLowerCase(), 'state')]),
    ...(reinvestmentController === undefined ? [] : [v4Change(place, 'v4ReinvestmentController', reinvestmentController.toLowerCase(), 'state')]),
    ...(feeReceiver === undefined ? [] : [v4Change(place, 'v4FeeReceiver', feeReceiver.toLowerCase(), 'state')]),
  ];
}

/** IAssetInterestRateStrategy.InterestRateData, bps; a field left out is not stated. */
export interface V4InterestRateData {
  optimalUsageRatio?: number;
  baseDrawnRate?: number;
  rateGrowthBeforeOptimal?: number;
  rateGrowthAfterOptimal?: number;
}

/**
 * A hub asset's rate curve on one spoke's market listing it: optimal usage (bps) and the base rate
 * and the growths before and after optimal as yearly fractions (the shared optimalUsage, baseRate,
 * slope1, slope2). Only the fields given are stated. Pure.
 */
export function interestRateDataChanges(place: V4ChangePlace, data: V4InterestRateData): ParameterChange[] {
  const fraction = (bps: number) => bps / 10_000;
  return [
    ...(data.optimalUsageRatio === undefined ? [] : [v4Change(place, 'optimalUsage', data.optimalUsageRatio, 'bps')]),
    ...(data.baseDrawnRate === undefined ? [] : [v4Change(place, 'baseRate', fraction(data.baseDrawnRate), 'fraction')]),
    ...(data.rateGrowthBeforeOptimal === undefined ? [] : [v4Change(place, 'slope1', fraction(data.rateGrowthBeforeOptimal), 'fraction')]),
    ...(data.rateGrowthAfterOptimal === undefined ? [] : [v4Change(place, 'slope2', fraction(data.rateGrowthAfterOptimal), 'fraction')]),
  ];
}
