import type { ParameterChange, ParameterName, ParameterUnit } from '../../domain/parameterChange.js';
import { type DecodedEngineView, KEEP_CURRENT } from './decodeEngineView.js';
import type { RateUnit } from './engineLayouts.js';

export interface EnginePayloadViews {
  /** The module whose changes these are (each change's `protocol`). */
  protocol: string;
  /** Where the payload runs, for the evidence: `<chain id>:<payload id>`, or the payload's own name. */
  payload: string;
  /** The payload contract (the action's delegatecall target). */
  target: string;
  /** The market the engine configures, in the module's naming (e.g. `aave-v3-polygon`). */
  market: string;
  views: readonly DecodedEngineView[];
  /** A reserve's symbol by lower-case address; the address itself when unknown. */
  symbols: Readonly<Record<string, string>>;
}

/** Addresses the engine reads as "keep it" (EngineFlags.KEEP_CURRENT_ADDRESS). */
const KEEP_CURRENT_ADDRESS = '0x0000000000000000000000000000000000000050';

/**
 * The verified ParameterChanges a config-engine payload's views state, for any pool of the v3 pool interface (aave-dao/aave-v3-origin)
 * family whose payloads use BGD's config engine (IAaveV3ConfigEngine's
 * structs; units per the engine's libraries): KEEP_CURRENT fields state nothing; ltv,
 * liquidationThreshold, liquidationBonus (the bonus alone, as the engine takes it),
 * liquidationProtocolFee, reserveFactor and optimalUsage in bps; baseRate and slopes as fractions
 * (bps / 10000 from v3.1, ray / 1e27 before); caps in tokens; debtCeiling in USD. Borrowing flags
 * (enabledToBorrow, flashloanable, isolation, siloed, stable rate, eMode borrowable) have no
 * parameter in the simulator's vocabulary and are left out; an asset's eMode ltvzero flag (3.6+)
 * is `eModeLtvZero`, since it zeroes the asset's LTV in that category, and a category's isolated flag
 * (3.7+) `eModeIsolated`, since it zeroes the LTV of collateral outside it. `from` is left out: the simulator
 * reads the current value for the account. Pure.
 */
export function configEngineChanges({ protocol, payload, target, market, views, symbols }: EnginePayloadViews): ParameterChange[] {
  return views.flatMap(({ view, layout, entries }) => {
    const evidence = `payload ${payload} (${target}) ${view}()`;
    const rates: RateUnit = layout?.rates ?? 'bps';
    const change = (parameter: ParameterName, to: number | string, unit: ParameterUnit, where: { asset?: string; eModeCategory?: number } = {}): ParameterChange => ({
      protocol,
      market,
      ...(where.asset !== undefined && { asset: where.asset }),
      ...(where.eModeCategory !== undefined && { eModeCategory: where.eModeCategory }),
      parameter,
      to,
      unit,
      evidence,
      verified: true,
    });
    const symbol = (address: unknown) => symbols[String(address).toLowerCase()] ?? String(address);
    return entries.flatMap((entry): ParameterChange[] => {
      switch (view) {
        case 'collateralsUpdates':
          return [...collateralSide(entry, { asset: symbol(entry.asset) }, change), ...legacyEMode(entry, symbol(entry.asset), change)];
        case 'borrowsUpdates':
          return stated(entry.reserveFactor, (value) => [change('reserveFactor', Number(value), 'bps', { asset: symbol(entry.asset) })]);
        case 'rateStrategiesUpdates':
          return rateCurve(entry.params as Record<string, bigint>, rates, { asset: symbol(entry.asset) }, change);
        case 'capsUpdates':
          return [
            ...stated(entry.supplyCap, (value) => [change('supplyCap', Number(value), 'tokens', { asset: symbol(entry.asset) })]),
            ...stated(entry.borrowCap, (value) => [change('borrowCap', Number(value), 'tokens', { asset: symbol(entry.asset) })]),
          ];
        case 'priceFeedsUpdates':
          return String(entry.priceFeed).toLowerCase() === KEEP_CURRENT_ADDRESS ? [] : [change('priceFeed', String(entry.priceFeed), 'state', { asset: symbol(entry.asset) })];
        case 'eModeCategoriesUpdates':
          return eModeCategory(entry, { eModeCategory: Number(entry.eModeCategory) }, change);
        case 'eModeCategoryCreations':
          // The new category's id is the next free one when the payload runs; the view does not say it.
          return [
            ...eModeCategory(entry, {}, change),
            ...(entry.collaterals as string[]).map((address) => change('eModeCollateral', 'enabled', 'state', { asset: symbol(address) })),
          ];
        case 'assetsEModeUpdates':
          return assetEMode(entry, symbol(entry.asset), change);
        case 'newListings':
          return listing(entry, rates, change);
        case 'newListingsCustom':
          return listing(entry.base as Record<string, unknown>, rates, change);
      }
    });
  });
}

type Change = (parameter: ParameterName, to: number | string, unit: ParameterUnit, where?: { asset?: string; eModeCategory?: number }) => ParameterChange;

/** `emit(value)` unless the field is KEEP_CURRENT (or absent from this layout). */
const stated = (value: unknown, emit: (value: bigint) => ParameterChange[]): ParameterChange[] =>
  typeof value === 'bigint' && value !== KEEP_CURRENT ? emit(value) : [];

function collateralSide(entry: Record<string, unknown>, where: { asset: string }, change: Change): ParameterChange[] {
  return [
    ...stated(entry.ltv, (value) => [change('ltv', Number(value), 'bps', where)]),
    ...stated(entry.liqThreshold, (value) => [change('liquidationThreshold', Number(value), 'bps', where)]),
    ...stated(entry.liqBonus, (value) => [change('liquidationBonus', Number(value), 'bps', where)]),
    // Whole USD: the engine multiplies by 100 for the pool's two decimals.
    ...stated(entry.debtCeiling, (value) => [change('debtCeiling', Number(value), 'tokens', where)]),
    ...stated(entry.liqProtocolFee, (value) => [change('liquidationProtocolFee', Number(value), 'bps', where)]),
  ];
}

/**
 * Era A's CollateralUpdate.eModeCategory: an asset then sat in one category, as collateral and
 * borrowable alike. Category 0 only takes it out of a category the view does not name.
 */
function legacyEMode(entry: Record<string, unknown>, asset: string, change: Change): ParameterChange[] {
  // uint256 in era A's CollateralUpdate (KEEP_CURRENT possible), uint8 in the listings of eras A to C.
  const category = typeof entry.eModeCategory === 'number' ? BigInt(entry.eModeCategory) : entry.eModeCategory;
  return stated(category, (value) => (value === 0n ? [] : [change('eModeCollateral', 'enabled', 'state', { asset, eModeCategory: Number(value) })]));
}

function rateCurve(params: Record<string, bigint>, rates: RateUnit, where: { asset?: string }, change: Change): ParameterChange[] {
  // Ray to a fraction through 1e9 steps: one correctly rounded division (7e25 ray is 0.07, not 0.0699…).
  const fraction = (value: bigint) => (rates === 'ray' ? Number(value / 10n ** 18n) / 1e9 : Number(value) / 10_000);
  const bps = (value: bigint) => (rates === 'ray' ? Number(value / 10n ** 23n) : Number(value));
  return [
    ...stated(params.optimalUsageRatio, (value) => [change('optimalUsage', bps(value), 'bps', where)]),
    ...stated(params.baseVariableBorrowRate, (value) => [change('baseRate', fraction(value), 'fraction', where)]),
    ...stated(params.variableRateSlope1, (value) => [change('slope1', fraction(value), 'fraction', where)]),
    ...stated(params.variableRateSlope2, (value) => [change('slope2', fraction(value), 'fraction', where)]),
  ];
}

const eModeCategory = (entry: Record<string, unknown>, where: { eModeCategory?: number }, change: Change): ParameterChange[] => [
  ...stated(entry.ltv, (value) => [change('eModeLtv', Number(value), 'bps', where)]),
  ...stated(entry.liqThreshold, (value) => [change('eModeLiquidationThreshold', Number(value), 'bps', where)]),
  ...stated(entry.liqBonus, (value) => [change('eModeLiquidationBonus', Number(value), 'bps', where)]),
  // 3.7 (era G): EModeCategoryUpdate.isolated is an EngineFlags value (ENABLED 1, DISABLED 0, or KEEP_CURRENT);
  // EModeCategoryCreation.isolated a bool, where false is what a new category is anyway.
  ...(typeof entry.isolated === 'boolean'
    ? entry.isolated
      ? [change('eModeIsolated', 'enabled', 'state', where)]
      : []
    : stated(entry.isolated, (value) => [change('eModeIsolated', value === 1n ? 'enabled' : 'disabled', 'state', where)])),
];

/**
 * From v3.2 an asset is collateral (and/or borrowable) in several categories: `collateral` says
 * which way this one moves, and from v3.6 `ltvzero` whether the category counts its LTV as 0. Before, an asset had one category and entering it made it collateral
 * there; 0 left the category, which the entry does not name.
 */
function assetEMode(entry: Record<string, unknown>, asset: string, change: Change): ParameterChange[] {
  const eModeCategory = Number(entry.eModeCategory);
  if (!('collateral' in entry)) return eModeCategory === 0 ? [] : [change('eModeCollateral', 'enabled', 'state', { asset, eModeCategory })];
  return [
    ...stated(entry.collateral, (value) => [change('eModeCollateral', value === 1n ? 'enabled' : 'disabled', 'state', { asset, eModeCategory })]),
    // 3.6's EModeEngine: EngineFlags ENABLED (1) sets the asset's bit in the category's ltvzero bitmap, DISABLED (0) clears it.
    ...stated(entry.ltvzero, (value) => [change('eModeLtvZero', value === 1n ? 'enabled' : 'disabled', 'state', { asset, eModeCategory })]),
  ];
}

/**
 * A new reserve: `listing` to 'listed' and the parameters it starts with. Collateral parameters
 * only when liqThreshold > 0 (the engine ignores them otherwise: the asset is not collateral).
 */
function listing(entry: Record<string, unknown>, rates: RateUnit, change: Change): ParameterChange[] {
  const where = { asset: String(entry.assetSymbol) };
  const collateral = entry.liqThreshold !== 0n;
  return [
    change('listing', 'listed', 'state', where),
    ...stated(entry.liqThreshold, (value) => [change('liquidationThreshold', Number(value), 'bps', where)]),
    ...(collateral
      ? [
          ...stated(entry.ltv, (value) => [change('ltv', Number(value), 'bps', where)]),
          ...stated(entry.liqBonus, (value) => [change('liquidationBonus', Number(value), 'bps', where)]),
          ...stated(entry.liqProtocolFee, (value) => [change('liquidationProtocolFee', Number(value), 'bps', where)]),
        ]
      : []),
    ...stated(entry.debtCeiling, (value) => [change('debtCeiling', Number(value), 'tokens', where)]),
    ...stated(entry.reserveFactor, (value) => [change('reserveFactor', Number(value), 'bps', where)]),
    ...stated(entry.supplyCap, (value) => [change('supplyCap', Number(value), 'tokens', where)]),
    ...stated(entry.borrowCap, (value) => [change('borrowCap', Number(value), 'tokens', where)]),
    ...rateCurve(entry.rateStrategyParams as Record<string, bigint>, rates, where, change),
    ...(String(entry.priceFeed).toLowerCase() === KEEP_CURRENT_ADDRESS ? [] : [change('priceFeed', String(entry.priceFeed), 'state', where)]),
    ...legacyEMode({ eModeCategory: entry.eModeCategory }, where.asset, change),
  ];
}
