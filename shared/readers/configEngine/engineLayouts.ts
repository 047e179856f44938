/*
 * The config-engine payload views (AaveV3Payload's public views) and the struct layouts each has
 * had. A payload returns its structs as compiled against one engine version, and the same bytes
 * decode silently against another (uint256 fields just shift), so every layout is listed with the
 * eras it was compiled in and decodeEngineView picks one by words per entry or by a validated,
 * byte-exact round trip, never by the first that decodes.
 *
 * Eras (the struct definitions in IAaveV3ConfigEngine.sol):
 *   A  listing engine, bgd-labs/aave-helpers 6b382304 (2023-03): CollateralUpdate carries eModeCategory, rates in ray (9 fields);
 *   B  config engine with eMode views, aave-helpers 88ccbc4e..63eb8fa8 (2023-09..2024-07): rates still in ray;
 *   C  aave-dao/aave-v3-origin v3.1.0: rates InterestRateInputData in bps, stable-rate fields kept;
 *   D  origin v3.2.0/v3.3.0: stable rate gone, AssetEModeUpdate gains borrowable/collateral, EModeCategoryUpdate loses priceSource;
 *   E  origin v3.4.0/v3.5.0: eModeCategoryCreations();
 *   F  origin v3.6.0: AssetEModeUpdate gains ltvzero;
 *   G  origin v3.7.0 (4fbd7442, 2026-06): isolation, siloed borrowing and debt ceilings removed, isolated eModes.
 */
import { type AbiFunction, parseAbi } from 'viem';

export const ENGINE_VIEWS = [
  'newListings',
  'newListingsCustom',
  'collateralsUpdates',
  'borrowsUpdates',
  'rateStrategiesUpdates',
  'capsUpdates',
  'priceFeedsUpdates',
  'eModeCategoriesUpdates',
  'eModeCategoryCreations',
  'assetsEModeUpdates',
] as const;
export type EngineView = (typeof ENGINE_VIEWS)[number];

/**
 * The views every engine payload base has had since era A: one of them reverting means the target
 * is not a v3 config-engine payload, even when it names a CONFIG_ENGINE (v4 payloads do).
 */
export const CORE_VIEWS: readonly EngineView[] = ['newListings', 'collateralsUpdates', 'borrowsUpdates', 'rateStrategiesUpdates', 'capsUpdates', 'priceFeedsUpdates'];

/** How a layout's rate fields are scaled: ray (1e27 = 100 %) before v3.1, bps from v3.1. */
export type RateUnit = 'ray' | 'bps';

export interface EngineLayout {
  /** The eras that compiled this layout, e.g. 'D-F'. */
  eras: string;
  /** The view's ABI with this layout's structs. */
  abi: AbiFunction;
  rates: RateUnit;
  /** Words per entry for an all-static struct; undefined for a struct with dynamic members. */
  words?: number;
}

const RATES_RAY =
  'struct Rates { uint256 optimalUsageRatio; uint256 baseVariableBorrowRate; uint256 variableRateSlope1; uint256 variableRateSlope2; uint256 stableRateSlope1; uint256 stableRateSlope2; uint256 baseStableRateOffset; uint256 stableRateExcessOffset; uint256 optimalStableToTotalDebtRatio; }';
const RATES_BPS = 'struct Rates { uint256 optimalUsageRatio; uint256 baseVariableBorrowRate; uint256 variableRateSlope1; uint256 variableRateSlope2; }';
const LISTING_STABLE =
  'struct Listing { address asset; string assetSymbol; address priceFeed; Rates rateStrategyParams; uint256 enabledToBorrow; uint256 stableRateModeEnabled; uint256 borrowableInIsolation; uint256 withSiloedBorrowing; uint256 flashloanable; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 reserveFactor; uint256 supplyCap; uint256 borrowCap; uint256 debtCeiling; uint256 liqProtocolFee; uint8 eModeCategory; }';
const LISTING_D =
  'struct Listing { address asset; string assetSymbol; address priceFeed; Rates rateStrategyParams; uint256 enabledToBorrow; uint256 borrowableInIsolation; uint256 withSiloedBorrowing; uint256 flashloanable; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 reserveFactor; uint256 supplyCap; uint256 borrowCap; uint256 debtCeiling; uint256 liqProtocolFee; }';
const LISTING_G =
  'struct Listing { address asset; string assetSymbol; address priceFeed; Rates rateStrategyParams; uint256 enabledToBorrow; uint256 flashloanable; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 reserveFactor; uint256 supplyCap; uint256 borrowCap; uint256 liqProtocolFee; }';
const IMPLEMENTATIONS_3 = 'struct Impl { address aToken; address vToken; address sToken; }';
const IMPLEMENTATIONS_2 = 'struct Impl { address aToken; address vToken; }';
const CUSTOM = 'struct Custom { Listing base; Impl implementations; }';

/** One view returning `Entry[]`, with the struct lines the entry needs. */
function view(name: EngineView, structs: string[]): AbiFunction {
  return parseAbi([...structs, `function ${name}() view returns (Entry[])`] as string[]).find((item): item is AbiFunction => item.type === 'function')!;
}
const entry = (fields: string) => `struct Entry { ${fields} }`;

/** Renames the Listing struct to Entry (the view returns Listing[]). */
const asEntry = (listing: string) => listing.replace('struct Listing', 'struct Entry');
const customEntry = (listing: string, implementations: string, rates: string) => [rates, listing, implementations, CUSTOM.replace('struct Custom', 'struct Entry')];

export const ENGINE_LAYOUTS: Readonly<Record<EngineView, readonly EngineLayout[]>> = {
  collateralsUpdates: [
    { eras: 'A', rates: 'ray', words: 7, abi: view('collateralsUpdates', [entry('address asset; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 debtCeiling; uint256 liqProtocolFee; uint256 eModeCategory;')]) },
    { eras: 'B-F', rates: 'bps', words: 6, abi: view('collateralsUpdates', [entry('address asset; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 debtCeiling; uint256 liqProtocolFee;')]) },
    { eras: 'G', rates: 'bps', words: 5, abi: view('collateralsUpdates', [entry('address asset; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 liqProtocolFee;')]) },
  ],
  borrowsUpdates: [
    {
      eras: 'A-C',
      rates: 'bps',
      words: 7,
      abi: view('borrowsUpdates', [entry('address asset; uint256 enabledToBorrow; uint256 flashloanable; uint256 stableRateModeEnabled; uint256 borrowableInIsolation; uint256 withSiloedBorrowing; uint256 reserveFactor;')]),
    },
    { eras: 'D-F', rates: 'bps', words: 6, abi: view('borrowsUpdates', [entry('address asset; uint256 enabledToBorrow; uint256 flashloanable; uint256 borrowableInIsolation; uint256 withSiloedBorrowing; uint256 reserveFactor;')]) },
    { eras: 'G', rates: 'bps', words: 4, abi: view('borrowsUpdates', [entry('address asset; uint256 enabledToBorrow; uint256 flashloanable; uint256 reserveFactor;')]) },
  ],
  rateStrategiesUpdates: [
    { eras: 'A-B', rates: 'ray', words: 10, abi: view('rateStrategiesUpdates', [RATES_RAY, entry('address asset; Rates params;')]) },
    { eras: 'C-G', rates: 'bps', words: 5, abi: view('rateStrategiesUpdates', [RATES_BPS, entry('address asset; Rates params;')]) },
  ],
  capsUpdates: [{ eras: 'A-G', rates: 'bps', words: 3, abi: view('capsUpdates', [entry('address asset; uint256 supplyCap; uint256 borrowCap;')]) }],
  priceFeedsUpdates: [{ eras: 'A-G', rates: 'bps', words: 2, abi: view('priceFeedsUpdates', [entry('address asset; address priceFeed;')]) }],
  assetsEModeUpdates: [
    { eras: 'B-C', rates: 'bps', words: 2, abi: view('assetsEModeUpdates', [entry('address asset; uint8 eModeCategory;')]) },
    { eras: 'D-E', rates: 'bps', words: 4, abi: view('assetsEModeUpdates', [entry('address asset; uint8 eModeCategory; uint256 borrowable; uint256 collateral;')]) },
    { eras: 'F-G', rates: 'bps', words: 5, abi: view('assetsEModeUpdates', [entry('address asset; uint8 eModeCategory; uint256 borrowable; uint256 collateral; uint256 ltvzero;')]) },
  ],
  eModeCategoriesUpdates: [
    { eras: 'B-C', rates: 'bps', abi: view('eModeCategoriesUpdates', [entry('uint8 eModeCategory; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; address priceSource; string label;')]) },
    { eras: 'D-F', rates: 'bps', abi: view('eModeCategoriesUpdates', [entry('uint8 eModeCategory; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; string label;')]) },
    { eras: 'G', rates: 'bps', abi: view('eModeCategoriesUpdates', [entry('uint8 eModeCategory; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; string label; uint256 isolated;')]) },
  ],
  eModeCategoryCreations: [
    { eras: 'E-F', rates: 'bps', abi: view('eModeCategoryCreations', [entry('uint256 ltv; uint256 liqThreshold; uint256 liqBonus; string label; address[] borrowables; address[] collaterals;')]) },
    { eras: 'G', rates: 'bps', abi: view('eModeCategoryCreations', [entry('uint256 ltv; uint256 liqThreshold; uint256 liqBonus; string label; address[] borrowables; address[] collaterals; bool isolated;')]) },
  ],
  newListings: [
    { eras: 'A-B', rates: 'ray', abi: view('newListings', [RATES_RAY, asEntry(LISTING_STABLE)]) },
    { eras: 'C', rates: 'bps', abi: view('newListings', [RATES_BPS, asEntry(LISTING_STABLE)]) },
    { eras: 'D-F', rates: 'bps', abi: view('newListings', [RATES_BPS, asEntry(LISTING_D)]) },
    { eras: 'G', rates: 'bps', abi: view('newListings', [RATES_BPS, asEntry(LISTING_G)]) },
  ],
  newListingsCustom: [
    { eras: 'A-B', rates: 'ray', abi: view('newListingsCustom', customEntry(LISTING_STABLE, IMPLEMENTATIONS_3, RATES_RAY)) },
    { eras: 'C', rates: 'bps', abi: view('newListingsCustom', customEntry(LISTING_STABLE, IMPLEMENTATIONS_3, RATES_BPS)) },
    { eras: 'D-F', rates: 'bps', abi: view('newListingsCustom', customEntry(LISTING_D, IMPLEMENTATIONS_2, RATES_BPS)) },
    { eras: 'G', rates: 'bps', abi: view('newListingsCustom', customEntry(LISTING_G, IMPLEMENTATIONS_2, RATES_BPS)) },
  ],
};
