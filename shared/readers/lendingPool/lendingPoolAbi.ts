import { parseAbi } from 'viem';
/*
 * The view functions a lending pool of the v3 pool interface answers, as aave-dao/aave-v3-origin
 * declares them (src/contracts/interfaces/IPool.sol, IPoolAddressesProvider.sol,
 * IPoolDataProvider.sol, IAaveOracle.sol @ v3.6.0; positions.md §1). The data provider's three
 * reads have the same ABI from v3.0 to v3.6 (stable-debt fields included); the v3.0-only views
 * (the pool's ReserveData struct, eMode categories with their price source, the per-reserve rate
 * strategies) are at the end (poolV30Abi, rateStrategyV30Abi).
 */

export const poolAbi = [
  {
    type: 'function',
    name: 'getUserAccountData',
    stateMutability: 'view',
    inputs: [{ name: 'user', type: 'address' }],
    outputs: [
      { name: 'totalCollateralBase', type: 'uint256' },
      { name: 'totalDebtBase', type: 'uint256' },
      { name: 'availableBorrowsBase', type: 'uint256' },
      { name: 'currentLiquidationThreshold', type: 'uint256' },
      { name: 'ltv', type: 'uint256' },
      { name: 'healthFactor', type: 'uint256' },
    ],
  },
  { type: 'function', name: 'getReservesList', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address[]' }] },
  { type: 'function', name: 'getUserEMode', stateMutability: 'view', inputs: [{ name: 'user', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
  {
    type: 'function',
    name: 'getEModeCategoryCollateralConfig',
    stateMutability: 'view',
    inputs: [{ name: 'id', type: 'uint8' }],
    outputs: [
      {
        name: '',
        type: 'tuple',
        components: [
          { name: 'ltv', type: 'uint16' },
          { name: 'liquidationThreshold', type: 'uint16' },
          { name: 'liquidationBonus', type: 'uint16' },
        ],
      },
    ],
  },
  {
    type: 'function',
    name: 'getEModeCategoryCollateralBitmap',
    stateMutability: 'view',
    inputs: [{ name: 'id', type: 'uint8' }],
    outputs: [{ name: '', type: 'uint128' }],
  },
  { type: 'function', name: 'getEModeCategoryLabel', stateMutability: 'view', inputs: [{ name: 'id', type: 'uint8' }], outputs: [{ name: '', type: 'string' }] },
  /** v3.6+ (aave-v3-origin 3.6.0 IPool): the category's collateral whose LTV it counts as 0. */
  { type: 'function', name: 'getEModeCategoryLtvzeroBitmap', stateMutability: 'view', inputs: [{ name: 'id', type: 'uint8' }], outputs: [{ name: '', type: 'uint128' }] },
  /** v3.7+ (aave-v3-origin @4fbd744 IPool): whether the category is isolated (collateral outside it counts at LTV 0). */
  { type: 'function', name: 'getIsEModeCategoryIsolated', stateMutability: 'view', inputs: [{ name: 'id', type: 'uint8' }], outputs: [{ name: '', type: 'bool' }] },
  /** The one rate strategy of every reserve since v3.4 (Pool.sol immutable). */
  { type: 'function', name: 'RESERVE_INTEREST_RATE_STRATEGY', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
  {
    type: 'function',
    name: 'getVirtualUnderlyingBalance',
    stateMutability: 'view',
    inputs: [{ name: 'asset', type: 'address' }],
    outputs: [{ name: '', type: 'uint128' }],
  },
] as const;

/** DefaultReserveInterestRateStrategyV2 (src/contracts/misc/, IDefaultInterestRateStrategyV2.sol): a reserve's curve in bps. */
export const rateStrategyAbi = [
  {
    type: 'function',
    name: 'getInterestRateDataBps',
    stateMutability: 'view',
    inputs: [{ name: 'reserve', type: 'address' }],
    outputs: [
      {
        name: '',
        type: 'tuple',
        components: [
          { name: 'optimalUsageRatio', type: 'uint16' },
          { name: 'baseVariableBorrowRate', type: 'uint32' },
          { name: 'variableRateSlope1', type: 'uint32' },
          { name: 'variableRateSlope2', type: 'uint32' },
        ],
      },
    ],
  },
] as const;

export const addressesProviderAbi = [
  { type: 'function', name: 'getPoolDataProvider', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
] as const;

export const dataProviderAbi = [
  {
    type: 'function',
    name: 'getUserReserveData',
    stateMutability: 'view',
    inputs: [
      { name: 'asset', type: 'address' },
      { name: 'user', type: 'address' },
    ],
    outputs: [
      { name: 'currentATokenBalance', type: 'uint256' },
      { name: 'currentStableDebt', type: 'uint256' },
      { name: 'currentVariableDebt', type: 'uint256' },
      { name: 'principalStableDebt', type: 'uint256' },
      { name: 'scaledVariableDebt', type: 'uint256' },
      { name: 'stableBorrowRate', type: 'uint256' },
      { name: 'liquidityRate', type: 'uint256' },
      { name: 'stableRateLastUpdated', type: 'uint40' },
      { name: 'usageAsCollateralEnabled', type: 'bool' },
    ],
  },
  {
    type: 'function',
    name: 'getReserveConfigurationData',
    stateMutability: 'view',
    inputs: [{ name: 'asset', type: 'address' }],
    outputs: [
      { name: 'decimals', type: 'uint256' },
      { name: 'ltv', type: 'uint256' },
      { name: 'liquidationThreshold', type: 'uint256' },
      { name: 'liquidationBonus', type: 'uint256' },
      { name: 'reserveFactor', type: 'uint256' },
      { name: 'usageAsCollateralEnabled', type: 'bool' },
      { name: 'borrowingEnabled', type: 'bool' },
      { name: 'stableBorrowRateEnabled', type: 'bool' },
      { name: 'isActive', type: 'bool' },
      { name: 'isFrozen', type: 'bool' },
    ],
  },
  {
    type: 'function',
    name: 'getReserveData',
    stateMutability: 'view',
    inputs: [{ name: 'asset', type: 'address' }],
    outputs: [
      { name: 'unbacked', type: 'uint256' },
      { name: 'accruedToTreasuryScaled', type: 'uint256' },
      { name: 'totalAToken', type: 'uint256' },
      { name: 'totalStableDebt', type: 'uint256' },
      { name: 'totalVariableDebt', type: 'uint256' },
      { name: 'liquidityRate', type: 'uint256' },
      { name: 'variableBorrowRate', type: 'uint256' },
      { name: 'stableBorrowRate', type: 'uint256' },
      { name: 'averageStableBorrowRate', type: 'uint256' },
      { name: 'liquidityIndex', type: 'uint256' },
      { name: 'variableBorrowIndex', type: 'uint256' },
      { name: 'lastUpdateTimestamp', type: 'uint40' },
    ],
  },
] as const;

export const oracleAbi = [
  {
    type: 'function',
    name: 'getAssetsPrices',
    stateMutability: 'view',
    inputs: [{ name: 'assets', type: 'address[]' }],
    outputs: [{ name: '', type: 'uint256[]' }],
  },
  /** One source's price: a v3.0 eMode category's price source is priced this way (GenericLogic.calculateUserAccountData). */
  { type: 'function', name: 'getAssetPrice', stateMutability: 'view', inputs: [{ name: 'asset', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
] as const;


/**
 * The v3.0 pool views that 3.2 replaced (sparkdotfi/sparklend-v1-core contracts/interfaces/IPool.sol,
 * protocol/libraries/types/DataTypes.sol): the whole ReserveData struct, whose configuration
 * carries the reserve's one eMode category (bits 168–175) and which names the reserve's own rate
 * strategy and aToken; and an eMode category with its optional price source.
 */
export const poolV30Abi = [
  {
    type: 'function',
    name: 'getReserveData',
    stateMutability: 'view',
    inputs: [{ name: 'asset', type: 'address' }],
    outputs: [
      {
        name: '',
        type: 'tuple',
        components: [
          { name: 'configuration', type: 'tuple', components: [{ name: 'data', type: 'uint256' }] },
          { name: 'liquidityIndex', type: 'uint128' },
          { name: 'currentLiquidityRate', type: 'uint128' },
          { name: 'variableBorrowIndex', type: 'uint128' },
          { name: 'currentVariableBorrowRate', type: 'uint128' },
          { name: 'currentStableBorrowRate', type: 'uint128' },
          { name: 'lastUpdateTimestamp', type: 'uint40' },
          { name: 'id', type: 'uint16' },
          { name: 'aTokenAddress', type: 'address' },
          { name: 'stableDebtTokenAddress', type: 'address' },
          { name: 'variableDebtTokenAddress', type: 'address' },
          { name: 'interestRateStrategyAddress', type: 'address' },
          { name: 'accruedToTreasury', type: 'uint128' },
          { name: 'unbacked', type: 'uint128' },
          { name: 'isolationModeTotalDebt', type: 'uint128' },
        ],
      },
    ],
  },
  {
    type: 'function',
    name: 'getEModeCategoryData',
    stateMutability: 'view',
    inputs: [{ name: 'id', type: 'uint8' }],
    outputs: [
      {
        name: '',
        type: 'tuple',
        components: [
          { name: 'ltv', type: 'uint16' },
          { name: 'liquidationThreshold', type: 'uint16' },
          { name: 'liquidationBonus', type: 'uint16' },
          { name: 'priceSource', type: 'address' },
          { name: 'label', type: 'string' },
        ],
      },
    ],
  },
] as const;

/**
 * A v3.0 reserve's own strategy (aave-v3-core IDefaultInterestRateStrategy.sol; sparklend-advanced's
 * VariableBorrowInterestRateStrategy and its rate-target children in sparkdotfi/sparklend-advanced
 * answer the same getters): its curve in ray. A strategy of another shape reverts one of them and
 * its reserve has no rate model.
 */
export const rateStrategyV30Abi = [
  { type: 'function', name: 'OPTIMAL_USAGE_RATIO', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'getBaseVariableBorrowRate', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'getVariableRateSlope1', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'getVariableRateSlope2', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
] as const;

/**
 * UiPoolDataProviderV3.getUserReservesData as aave-v3-origin 3.2+ declares it
 * (src/contracts/helpers/interfaces/IUiPoolDataProviderV3.sol); the 3.0/3.1 layout the address
 * book's IUiPoolDataProvider gives adds three stable-debt words per element (uiUserReserves.ts reads
 * both by word).
 */
export const uiPoolDataProviderAbi = parseAbi([
  'struct UserReserveData { address underlyingAsset; uint256 scaledATokenBalance; bool usageAsCollateralEnabledOnUser; uint256 scaledVariableDebt; }',
  'function getUserReservesData(address provider, address user) view returns (UserReserveData[], uint8)',
]);
