import { type Address, decodeEventLog, type Hex } from 'viem';
import type { ParameterChange } from '../../../domain/parameterChange.js';
import { configEventsAbi } from './abi.js';
import {
  assetConfigChanges,
  dynamicReserveConfigChanges,
  interestRateDataChanges,
  liquidationConfigChanges,
  listingChange,
  reserveConfigChanges,
  spokeConfigChanges,
  type V4AssetConfig,
  type V4ChangePlace,
  type V4DynamicReserveConfig,
  type V4LiquidationConfig,
  type V4ReserveConfig,
  type V4SpokeConfig,
} from './v4ParameterChanges.js';

/** A log as eth_getLogs gives it: the emitting contract, topics and data. */
export interface ConfigLog {
  address: Address;
  topics: [Hex, ...Hex[]] | [];
  data: Hex;
  /** Where it was read, for the evidence (a transaction or a payload). */
  at?: string;
}

export interface ChangesOfConfigEventsParameters {
  logs: readonly ConfigLog[];
  /** The market (`aave-v4-ethereum-main`) of a spoke, by its address; undefined for a contract that is no spoke we read. */
  marketOfSpoke(spoke: Address): string | undefined;
  /** A spoke's reserve as its asset's symbol (getReserve(reserveId).underlying, named by the address book). */
  symbolOfReserve(spoke: Address, reserveId: bigint): string | undefined;
  /** A hub's asset as its symbol (the hub's underlying of assetId). */
  symbolOfHubAsset(hub: Address, assetId: bigint): string | undefined;
  /** The markets of the spokes that list a hub's asset: a hub's rate reaches every one of them. */
  marketsOfHubAsset(hub: Address, assetId: bigint): readonly string[];
}

/**
 * The ParameterChanges an Aave v4 governance action left on-chain, decoded from the events the
 * spoke, hub and rate strategy emit (aave-v4 ISpoke, IHub, IAssetInterestRateStrategy; each carries
 * the whole new struct, so no payload view is needed): verified, with the new values only (the
 * events state no old ones: the scan reads them).
 * - UpdateDynamicReserveConfig / AddDynamicReserveConfig: collateral factor, largest liquidation
 *   bonus and liquidation fee of one config key (configKey); an added key reaches no existing
 *   position until it refreshes (dynamicConfigCalculator.ts);
 * - UpdateReserveConfig: collateral risk, and paused / frozen / borrowable as one state;
 * - UpdateLiquidationConfig: the spoke's target health factor, the health factor for the largest
 *   bonus and the bonus factor;
 * - AddReserve: a listing;
 * - UpdateSpokeConfig (hub): the spoke's add and draw caps, risk premium threshold, active/halted;
 * - UpdateInterestRateData (rate strategy): optimal usage and the three rates, for every spoke listing the
 *   asset on that hub;
 * - UpdateAssetConfig (hub): the asset's liquidity fee, rate strategy, reinvestment controller and
 *   fee receiver, for every spoke listing it (the fee moves every supplier's rate there). The hub
 *   re-emits the whole struct for any one field (HubConfigurator.updateLiquidityFee writes the
 *   config back with the fee alone changed), so the addresses are stated only where they moved
 *   (v4ConfigItems.ts).
 * A log of another event or of a contract it cannot place is skipped, never guessed. Pure.
 */
export function changesOfConfigEvents({ logs, ...names }: ChangesOfConfigEventsParameters): ParameterChange[] {
  return logs.flatMap((log): ParameterChange[] => {
    let event: { eventName: string; args: Record<string, unknown> };
    try {
      event = decodeEventLog({ abi: configEventsAbi, topics: log.topics, data: log.data }) as never;
    } catch {
      return [];
    }
    return changesOfConfigEvent({ address: log.address, eventName: event.eventName, args: event.args, ...(log.at !== undefined && { at: log.at }) }, names);
  });
}

/** One configuration event already decoded (readRecentLogs' form): its emitter, name and arguments. */
export interface ConfigEvent {
  address: Address;
  eventName: string;
  args: Record<string, unknown>;
  at?: string;
}

export type ConfigEventNames = Omit<ChangesOfConfigEventsParameters, 'logs'>;

/** The changes of one decoded configuration event (changesOfConfigEvents' rules). Pure. */
export function changesOfConfigEvent(log: ConfigEvent, { marketOfSpoke, symbolOfReserve, symbolOfHubAsset, marketsOfHubAsset }: ConfigEventNames): ParameterChange[] {
  const evidence = `${log.eventName}${log.at ? ` (${log.at})` : ''}`;
  const args = log.args;
  /** The spoke's market and the reserve's asset, where both can be named. */
  const reservePlace = (): V4ChangePlace | undefined => {
    const market = marketOfSpoke(log.address);
    const asset = market && symbolOfReserve(log.address, args.reserveId as bigint);
    return market && asset ? { market, asset, evidence } : undefined;
  };
  switch (log.eventName) {
    case 'UpdateDynamicReserveConfig':
    case 'AddDynamicReserveConfig': {
      const place = reservePlace();
      return place ? dynamicReserveConfigChanges(place, args.config as V4DynamicReserveConfig, Number(args.dynamicConfigKey)) : [];
    }
    case 'UpdateReserveConfig': {
      const place = reservePlace();
      return place ? reserveConfigChanges(place, args.config as V4ReserveConfig) : [];
    }
    case 'UpdateLiquidationConfig': {
      const market = marketOfSpoke(log.address);
      return market ? liquidationConfigChanges({ market, evidence }, args.config as V4LiquidationConfig) : [];
    }
    case 'AddReserve': {
      const place = reservePlace();
      return place ? [listingChange(place)] : [];
    }
    case 'UpdateSpokeConfig': {
      const market = marketOfSpoke(args.spoke as Address);
      const asset = symbolOfHubAsset(log.address, args.assetId as bigint);
      return market && asset ? spokeConfigChanges({ market, asset, evidence }, args.config as V4SpokeConfig) : [];
    }
    case 'UpdateInterestRateData': {
      const hub = args.hub as Address;
      const assetId = args.assetId as bigint;
      const asset = symbolOfHubAsset(hub, assetId);
      if (!asset) return [];
      // The event states the whole curve.
      const data = { optimalUsageRatio: Number(args.optimalUsageRatio), baseDrawnRate: Number(args.baseDrawnRate), rateGrowthBeforeOptimal: Number(args.rateGrowthBeforeOptimal), rateGrowthAfterOptimal: Number(args.rateGrowthAfterOptimal) };
      return marketsOfHubAsset(hub, assetId).flatMap((market) => interestRateDataChanges({ market, asset, evidence }, data));
    }
    case 'UpdateAssetConfig': {
      const assetId = args.assetId as bigint;
      const asset = symbolOfHubAsset(log.address, assetId);
      if (!asset) return [];
      return marketsOfHubAsset(log.address, assetId).flatMap((market) => assetConfigChanges({ market, asset, evidence }, args.config as V4AssetConfig));
    }
    default:
      return [];
  }
}
