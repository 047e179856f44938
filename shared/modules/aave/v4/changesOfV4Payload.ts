import type { ParameterChange } from '../../../domain/parameterChange.js';
import { V4_SPOKES } from './spokes.js';
import type { V4PayloadViews } from './payloadViews.js';
import type { Address } from 'viem';
import { assetConfigChanges, dynamicReserveConfigChanges, interestRateDataChanges, liquidationConfigChanges, listingChange, reserveConfigChanges, spokeConfigChanges, type V4ChangePlace } from './v4ParameterChanges.js';
import type { V4AssetConfigUpdate } from './payloadViews.js';

const marketOf = (spoke: string): string | undefined => V4_SPOKES.find((entry) => entry.spoke.toLowerCase() === spoke.toLowerCase())?.market;
const symbolOf = (spoke: string, underlying: string): string => V4_SPOKES.find((entry) => entry.spoke.toLowerCase() === spoke.toLowerCase())?.symbols[underlying.toLowerCase()] ?? underlying;

/**
 * The verified changes an Aave v4 payload's views state, on the spokes' markets: a reserve listing
 * is a listing with its collateral risk, state and the dynamic config of its first key (key 0, the
 * one addReserve writes); a liquidation config update its three values; a spoke registered on a
 * hub asset its caps and state; a hub asset config update what it moves, on every spoke listing
 * the asset. A spoke the address book does not list is left out (no market to
 * name). `payload` is the evidence (`1:466`). Pure.
 *
 * @example changesOfV4Payload(views, '1:466')
 */
export function changesOfV4Payload(views: V4PayloadViews, payload: string): ParameterChange[] {
  const evidence = (view: string) => `payload ${payload} ${view}()`;
  const listings = views.spokeReserveListings.flatMap((listing) => {
    const market = marketOf(listing.spoke);
    if (!market) return [];
    const place = { market, asset: symbolOf(listing.spoke, listing.underlying), evidence: evidence('spokeReserveListings') };
    return [listingChange(place), ...reserveConfigChanges(place, listing.config), ...dynamicReserveConfigChanges(place, listing.dynamicConfig, 0)];
  });
  const liquidation = views.spokeLiquidationConfigUpdates.flatMap((update) => {
    const market = marketOf(update.spoke);
    return market ? liquidationConfigChanges({ market, evidence: evidence('spokeLiquidationConfigUpdates') }, update) : [];
  });
  const caps = views.hubSpokeToAssetsAdditions.flatMap((addition) => {
    const market = marketOf(addition.spoke);
    if (!market) return [];
    return addition.assets.flatMap(({ underlying, config }) => spokeConfigChanges({ market, asset: symbolOf(addition.spoke, underlying), evidence: evidence('hubSpokeToAssetsAdditions') }, config));
  });
  const assetConfigs = views.hubAssetConfigUpdates.flatMap((update) =>
    update.spokes.flatMap((spoke) => {
      const market = marketOf(spoke);
      return market ? assetConfigUpdateChanges({ market, asset: symbolOf(spoke, update.underlying), evidence: evidence('hubAssetConfigUpdates') }, update) : [];
    }),
  );
  return [...listings, ...liquidation, ...caps, ...assetConfigs];
}

/** EngineFlags (aave-v4 src/config-engine/libraries/EngineFlags.sol): what a field set to them leaves as it is. */
const KEEP_CURRENT = 2n ** 256n - 1n - 652n;
const KEEP_CURRENT_ADDRESS = '0xffffffffffffffffffffffffffffffffffffffff';
const KEEP_CURRENT_UINT16 = 2 ** 16 - 1 - 61;
const KEEP_CURRENT_UINT32 = 2 ** 32 - 1 - 23;

/**
 * A hub asset config update on one spoke's market listing the asset, as HubEngine.executeHubAssetConfigUpdates
 * applies it: the liquidity fee, the fee receiver, the rate strategy, each field of the rate data
 * and the reinvestment controller each only where not a KEEP_CURRENT sentinel (a new strategy
 * comes with its whole curve; a kept one has the stated fields merged into its current curve). Pure.
 */
function assetConfigUpdateChanges(place: V4ChangePlace, update: V4AssetConfigUpdate) {
  const stated = (address: Address) => (address.toLowerCase() === KEEP_CURRENT_ADDRESS ? undefined : address);
  const { optimalUsageRatio, baseDrawnRate, rateGrowthBeforeOptimal, rateGrowthAfterOptimal } = update.irData;
  return [
    ...assetConfigChanges(place, { ...(update.liquidityFee !== KEEP_CURRENT && { liquidityFee: Number(update.liquidityFee) }), irStrategy: stated(update.irStrategy) }),
    ...interestRateDataChanges(place, {
      ...(optimalUsageRatio !== KEEP_CURRENT_UINT16 && { optimalUsageRatio }),
      ...(baseDrawnRate !== KEEP_CURRENT_UINT32 && { baseDrawnRate }),
      ...(rateGrowthBeforeOptimal !== KEEP_CURRENT_UINT32 && { rateGrowthBeforeOptimal }),
      ...(rateGrowthAfterOptimal !== KEEP_CURRENT_UINT32 && { rateGrowthAfterOptimal }),
    }),
    ...assetConfigChanges(place, { reinvestmentController: stated(update.reinvestmentController), feeReceiver: stated(update.feeReceiver) }),
  ];
}
