import { decodeAbiParameters, type Hex, hexToBigInt } from 'viem';
import type { ParameterChange } from '../../../domain/parameterChange.js';
import { KEEP_CURRENT } from '../../../readers/configEngine/decodeEngineView.js';
import { symbolOf } from './configuratorChanges.js';
import type { StewardMarket } from './stewardChains.js';
import { eModeUpdateParameters, type OracleUpdateType, rateInputParameters } from './stewardEvents.js';

/** One RiskOracle update as its ParameterUpdated log states it. */
export interface OracleUpdate {
  updateId: bigint;
  updateType: OracleUpdateType;
  /** A cap's aToken, a rate's or discount's reserve, or an eMode category id as an address (the injectors' readings). */
  market: string;
  newValue: Hex;
  referenceId: string;
  /** Block time of the publication, unix seconds (the event's own `timestamp`). */
  timestamp: bigint;
}

/**
 * Whether the instance applies this update: it runs an injector of the type and knows the market
 * (a cap names an aToken of the instance, a rate or discount a reserve, an eMode update any category). Pure.
 */
export function appliesTo(update: OracleUpdate, market: StewardMarket): boolean {
  if (!market.injectors[update.updateType]) return false;
  const key = update.market.toLowerCase();
  if (update.updateType === 'supplyCap' || update.updateType === 'borrowCap') return market.aTokens.has(key);
  if (update.updateType === 'EModeCategoryUpdate') return true;
  return market.assets.has(key);
}

/**
 * The changes an update makes on one instance, decoded as its injector decodes them
 * (aave-v3-risk-stewards src/contracts/AaveStewardInjector*.sol): a cap is the value left-padded to
 * 32 bytes over 10^decimals of the aToken (whole tokens, rounded down); a rate update is the config
 * engine's InterestRateInputData and an eMode update (ltv, liqThreshold, liqBonus), both in bps,
 * where KEEP_CURRENT states nothing; the eMode category is the market address's low byte. A
 * Pendle discount rate (per year, 1e18 = 100 %) has no parameter kind here and is stated as a
 * state. `verified`: read from the oracle's event. Pure.
 */
export function oracleChanges(update: OracleUpdate, market: StewardMarket, evidence: string): ParameterChange[] {
  const base = { protocol: 'aave', market: market.market, evidence, verified: true } as const;
  const stated = (value: bigint, emit: (value: bigint) => ParameterChange) => (value === KEEP_CURRENT ? [] : [emit(value)]);
  switch (update.updateType) {
    case 'supplyCap':
    case 'borrowCap': {
      const asset = market.aTokens.get(update.market.toLowerCase());
      if (!asset) return [];
      const raw = update.newValue === '0x' ? 0n : hexToBigInt(update.newValue);
      return [{ ...base, asset: asset.symbol, parameter: update.updateType, to: Number(raw / 10n ** BigInt(asset.decimals)), unit: 'tokens' }];
    }
    case 'RateStrategyUpdate': {
      const [optimal, baseRate, slope1, slope2] = decodeAbiParameters(rateInputParameters, update.newValue);
      const asset = symbolOf(market, update.market);
      const fraction = (value: bigint) => Number(value) / 10_000;
      return [
        ...stated(optimal, (value) => ({ ...base, asset, parameter: 'optimalUsage', to: Number(value), unit: 'bps' })),
        ...stated(baseRate, (value) => ({ ...base, asset, parameter: 'baseRate', to: fraction(value), unit: 'fraction' })),
        ...stated(slope1, (value) => ({ ...base, asset, parameter: 'slope1', to: fraction(value), unit: 'fraction' })),
        ...stated(slope2, (value) => ({ ...base, asset, parameter: 'slope2', to: fraction(value), unit: 'fraction' })),
      ];
    }
    case 'EModeCategoryUpdate': {
      const [ltv, threshold, bonus] = decodeAbiParameters(eModeUpdateParameters, update.newValue);
      const eModeCategory = Number(BigInt(update.market) & 0xffn);
      return [
        ...stated(ltv, (value) => ({ ...base, eModeCategory, parameter: 'eModeLtv', to: Number(value), unit: 'bps' })),
        ...stated(threshold, (value) => ({ ...base, eModeCategory, parameter: 'eModeLiquidationThreshold', to: Number(value), unit: 'bps' })),
        ...stated(bonus, (value) => ({ ...base, eModeCategory, parameter: 'eModeLiquidationBonus', to: Number(value), unit: 'bps' })),
      ];
    }
    default: {
      const rate = update.newValue === '0x' ? 0n : hexToBigInt(update.newValue);
      return [{ ...base, asset: symbolOf(market, update.market), parameter: 'priceFeed', to: `Pendle discount rate ${Number(rate) / 1e16} % a year`, unit: 'state' }];
    }
  }
}
