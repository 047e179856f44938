/*
 * The Aave v3 view functions the exposure reads, as aave-dao/aave-v3-origin declares them
 * (src/contracts/interfaces/IPool.sol, IPoolAddressesProvider.sol, IPoolDataProvider.sol,
 * IAaveOracle.sol @ v3.6.0; positions.md §1).
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
] as const;

