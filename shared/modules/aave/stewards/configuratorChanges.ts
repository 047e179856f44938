import { decodeAbiParameters, getAddress, type Hex } from 'viem';
import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { StewardLog } from './readStewardLogs.js';
import type { StewardMarket } from './stewardChains.js';
import { rateDataParameters } from './stewardEvents.js';

/** The liquidation bonus as the config engine states it (bps over 100 %: 10500 on chain is 500), so a steward's change reads as a payload's. */
const bonusOverPar = (value: bigint): number => (value > 10_000n ? Number(value - 10_000n) : Number(value));

/** The symbol a change names its reserve by: the book's, else the address itself (a reserve listed after the book). */
export const symbolOf = (market: StewardMarket, asset: unknown): string => market.assets.get(String(asset).toLowerCase())?.symbol ?? getAddress(String(asset));

type Values = Record<string, number>;

/**
 * The verified changes one PoolConfigurator log states, in the units the feed uses (caps in
 * tokens, LTV/LT/LB and optimal usage in bps, rates as fractions). Events that state no value
 * before (collateral configuration, rate data, eMode) take it from the same reserve's previous
 * event of the window in `earlier`, and then state only the values that moved; without one, every
 * value is stated with no `from`. ReserveFrozen and PendingLtvChanged are read by the caller (a
 * freeze is one change of its own). Pure.
 */
export function configuratorChanges(log: StewardLog, market: StewardMarket, earlier: readonly StewardLog[]): ParameterChange[] {
  const evidence = `PoolConfigurator.${log.eventName} at block ${log.blockNumber} (tx ${log.transactionHash})`;
  const base = { protocol: 'aave', market: market.market, evidence, verified: true } as const;
  const args = log.args;
  const previousOf = (key: (entry: StewardLog) => boolean) => [...earlier].reverse().find((entry) => entry.eventName === log.eventName && entry.address.toLowerCase() === log.address.toLowerCase() && key(entry));
  const sameAsset = (entry: StewardLog) => String(entry.args.asset).toLowerCase() === String(args.asset).toLowerCase();
  const moved = (now: Values, before: Values | undefined, unit: ParameterChange['unit'], where: Partial<ParameterChange>): ParameterChange[] =>
    Object.entries(now).flatMap(([parameter, to]) => {
      const from = before?.[parameter];
      if (from !== undefined && from === to) return [];
      return [{ ...base, ...where, parameter, to, ...(from !== undefined && { from }), unit: unitOf(parameter, unit) }];
    });
  switch (log.eventName) {
    case 'SupplyCapChanged':
    case 'BorrowCapChanged': {
      const parameter = log.eventName === 'SupplyCapChanged' ? 'supplyCap' : 'borrowCap';
      const [from, to] = parameter === 'supplyCap' ? [args.oldSupplyCap, args.newSupplyCap] : [args.oldBorrowCap, args.newBorrowCap];
      return [{ ...base, asset: symbolOf(market, args.asset), parameter, from: Number(from as bigint), to: Number(to as bigint), unit: 'tokens' }];
    }
    case 'CollateralConfigurationChanged': {
      const values = (entry: StewardLog): Values => ({
        ltv: Number(entry.args.ltv as bigint),
        liquidationThreshold: Number(entry.args.liquidationThreshold as bigint),
        liquidationBonus: bonusOverPar(entry.args.liquidationBonus as bigint),
      });
      const before = previousOf(sameAsset);
      return moved(values(log), before && values(before), 'bps', { asset: symbolOf(market, args.asset) });
    }
    case 'ReserveInterestRateDataChanged': {
      const values = (entry: StewardLog): Values => {
        const [optimal, base, slope1, slope2] = decodeAbiParameters(rateDataParameters, entry.args.data as Hex);
        return { optimalUsage: optimal, baseRate: base / 10_000, slope1: slope1 / 10_000, slope2: slope2 / 10_000 };
      };
      const before = previousOf(sameAsset);
      return moved(values(log), before && values(before), 'fraction', { asset: symbolOf(market, args.asset) });
    }
    case 'EModeCategoryAdded': {
      const values = (entry: StewardLog): Values => ({
        eModeLtv: Number(entry.args.ltv as bigint),
        eModeLiquidationThreshold: Number(entry.args.liquidationThreshold as bigint),
        eModeLiquidationBonus: bonusOverPar(entry.args.liquidationBonus as bigint),
      });
      const before = previousOf((entry) => entry.args.categoryId === args.categoryId);
      return moved(values(log), before && values(before), 'bps', { eModeCategory: Number(args.categoryId), ...(typeof args.label === 'string' && args.label && { eModeLabel: args.label }) });
    }
    default:
      return [];
  }
}

/** optimalUsage is a share in bps; the other rate values are fractions; every other value keeps the event's unit. */
const unitOf = (parameter: string, unit: ParameterChange['unit']): ParameterChange['unit'] => (parameter === 'optimalUsage' ? 'bps' : unit);

/**
 * A freeze or unfreeze as its transaction states it: the listing state, and for a freeze (aave-v3-origin
 * 3.3+ PoolConfigurator.setReserveFreeze → _setReserveLtvzero) the LTV cut to 0 with the old value
 * kept as the pending LTV (PendingLtvChanged); the liquidation threshold does not move. Pure.
 */
export function freezeChanges(logs: readonly StewardLog[], market: StewardMarket): ParameterChange[] {
  return logs
    .filter((log) => log.eventName === 'ReserveFrozen' && log.address.toLowerCase() === market.configurator.toLowerCase())
    .flatMap((log): ParameterChange[] => {
      const asset = symbolOf(market, log.args.asset);
      const evidence = `PoolConfigurator.ReserveFrozen(${String(log.args.frozen)}) at block ${log.blockNumber} (tx ${log.transactionHash})`;
      const base = { protocol: 'aave', market: market.market, asset, verified: true } as const;
      const listing: ParameterChange = { ...base, parameter: 'listing', to: log.args.frozen ? 'frozen' : 'unfrozen', unit: 'state', evidence };
      if (!log.args.frozen) return [listing];
      const pending = logs.find((entry) => entry.eventName === 'PendingLtvChanged' && String(entry.args.asset).toLowerCase() === String(log.args.asset).toLowerCase());
      if (!pending || pending.args.ltv === 0n) return [listing];
      return [listing, { ...base, parameter: 'ltv', from: Number(pending.args.ltv as bigint), to: 0, unit: 'bps', evidence: `PoolConfigurator.PendingLtvChanged(${String(pending.args.ltv)}) at block ${pending.blockNumber}: the LTV kept as pending, restored on unfreeze` }];
    });
}
