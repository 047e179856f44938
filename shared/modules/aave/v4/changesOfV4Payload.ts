import type { ParameterChange } from '../../../domain/parameterChange.js';
import { V4_SPOKES } from './spokes.js';
import type { V4PayloadViews } from './payloadViews.js';
import { dynamicReserveConfigChanges, liquidationConfigChanges, listingChange, reserveConfigChanges, spokeConfigChanges } from './v4ParameterChanges.js';

const marketOf = (spoke: string): string | undefined => V4_SPOKES.find((entry) => entry.spoke.toLowerCase() === spoke.toLowerCase())?.market;
const symbolOf = (spoke: string, underlying: string): string => V4_SPOKES.find((entry) => entry.spoke.toLowerCase() === spoke.toLowerCase())?.symbols[underlying.toLowerCase()] ?? underlying;

/**
 * The verified changes an Aave v4 payload's views state, on the spokes' markets: a reserve listing
 * is a listing with its collateral risk, state and the dynamic config of its first key (key 0, the
 * one addReserve writes); a liquidation config update its three values; a spoke registered on a
 * hub asset its caps and state. A spoke the address book does not list is left out (no market to
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
  return [...listings, ...liquidation, ...caps];
}
