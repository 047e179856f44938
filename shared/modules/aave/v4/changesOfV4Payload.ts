import type { ParameterChange } from '../../../domain/parameterChange.js';
import { V4_SPOKES } from './spokes.js';
import type { V4PayloadViews } from './payloadViews.js';

const marketOf = (spoke: string): string | undefined => V4_SPOKES.find((entry) => entry.spoke.toLowerCase() === spoke.toLowerCase())?.market;
const symbolOf = (spoke: string, underlying: string): string => V4_SPOKES.find((entry) => entry.spoke.toLowerCase() === spoke.toLowerCase())?.symbols[underlying.toLowerCase()] ?? underlying;
const wadToNumber = (wad: bigint): number => Number(wad / 10n ** 12n) / 1e6;

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
  const change = (market: string, asset: string | undefined, parameter: string, to: number | string, unit: ParameterChange['unit'], view: string, extra: Partial<ParameterChange> = {}): ParameterChange => ({
    protocol: 'aave',
    market,
    ...(asset !== undefined && { asset }),
    parameter,
    to,
    unit,
    evidence: `payload ${payload} ${view}()`,
    verified: true,
    ...extra,
  });
  const listings = views.spokeReserveListings.flatMap((listing) => {
    const market = marketOf(listing.spoke);
    if (!market) return [];
    const asset = symbolOf(listing.spoke, listing.underlying);
    const { config, dynamicConfig } = listing;
    const state = config.paused ? 'paused' : config.frozen ? 'frozen' : config.borrowable ? 'borrowable' : 'not borrowable';
    const view = 'spokeReserveListings';
    const keyed = { configKey: 0 };
    return [
      change(market, asset, 'listing', 'listed', 'state', view),
      change(market, asset, 'v4CollateralRisk', config.collateralRisk, 'bps', view),
      change(market, asset, 'v4ReserveState', state, 'state', view),
      change(market, asset, 'v4CollateralFactor', dynamicConfig.collateralFactor, 'bps', view, keyed),
      change(market, asset, 'v4MaxLiquidationBonus', dynamicConfig.maxLiquidationBonus - 10_000, 'bps', view, keyed),
      change(market, asset, 'v4LiquidationFee', dynamicConfig.liquidationFee, 'bps', view, keyed),
    ];
  });
  const liquidation = views.spokeLiquidationConfigUpdates.flatMap((update) => {
    const market = marketOf(update.spoke);
    if (!market) return [];
    const view = 'spokeLiquidationConfigUpdates';
    return [
      change(market, undefined, 'v4TargetHealthFactor', wadToNumber(update.targetHealthFactor), 'state', view),
      change(market, undefined, 'v4HealthFactorForMaxBonus', wadToNumber(update.healthFactorForMaxBonus), 'state', view),
      change(market, undefined, 'v4LiquidationBonusFactor', Number(update.liquidationBonusFactor), 'bps', view),
    ];
  });
  const caps = views.hubSpokeToAssetsAdditions.flatMap((addition) => {
    const market = marketOf(addition.spoke);
    if (!market) return [];
    const view = 'hubSpokeToAssetsAdditions';
    return addition.assets.flatMap(({ underlying, config }) => {
      const asset = symbolOf(addition.spoke, underlying);
      return [
        change(market, asset, 'v4AddCap', Number(config.addCap), 'tokens', view),
        change(market, asset, 'v4DrawCap', Number(config.drawCap), 'tokens', view),
        change(market, asset, 'v4RiskPremiumThreshold', config.riskPremiumThreshold, 'bps', view),
        change(market, asset, 'v4SpokeState', config.halted ? 'halted' : config.active ? 'active' : 'inactive', 'state', view),
      ];
    });
  });
  return [...listings, ...liquidation, ...caps];
}
