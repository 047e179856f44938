/*
 * The Comet views the exposure reads, as compound-finance/comet declares them
 * (contracts/CometMainInterface.sol, CometExtInterface.sol, CometCore.sol; positions.md §2.2).
 */

const assetInfo = {
  name: '',
  type: 'tuple',
  components: [
    { name: 'offset', type: 'uint8' },
    { name: 'asset', type: 'address' },
    { name: 'priceFeed', type: 'address' },
    { name: 'scale', type: 'uint64' },
    { name: 'borrowCollateralFactor', type: 'uint64' },
    { name: 'liquidateCollateralFactor', type: 'uint64' },
    { name: 'liquidationFactor', type: 'uint64' },
    { name: 'supplyCap', type: 'uint128' },
  ],
} as const;

const account = [{ name: 'account', type: 'address' }] as const;

/**
 * The interest rate model's immutables (Comet.sol declares them `uint`, holding uint64 factors), in
 * the order cometRates reads them.
 */
export const RATE_MODEL_GETTERS = [
  'supplyKink',
  'supplyPerSecondInterestRateSlopeLow',
  'supplyPerSecondInterestRateSlopeHigh',
  'supplyPerSecondInterestRateBase',
  'borrowKink',
  'borrowPerSecondInterestRateSlopeLow',
  'borrowPerSecondInterestRateSlopeHigh',
  'borrowPerSecondInterestRateBase',
] as const;

export const cometAbi = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: account, outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'borrowBalanceOf', stateMutability: 'view', inputs: account, outputs: [{ name: '', type: 'uint256' }] },
  {
    type: 'function',
    name: 'userBasic',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'address' }],
    outputs: [
      { name: 'principal', type: 'int104' },
      { name: 'baseTrackingIndex', type: 'uint64' },
      { name: 'baseTrackingAccrued', type: 'uint64' },
      { name: 'assetsIn', type: 'uint16' },
      { name: '_reserved', type: 'uint8' },
    ],
  },
  { type: 'function', name: 'baseToken', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint8' }] },
  { type: 'function', name: 'getUtilization', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
  { type: 'function', name: 'baseTokenPriceFeed', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] },
  { type: 'function', name: 'getAssetInfo', stateMutability: 'view', inputs: [{ name: 'i', type: 'uint8' }], outputs: [assetInfo] },
  {
    type: 'function',
    name: 'collateralBalanceOf',
    stateMutability: 'view',
    inputs: [
      { name: 'account', type: 'address' },
      { name: 'asset', type: 'address' },
    ],
    outputs: [{ name: '', type: 'uint128' }],
  },
  { type: 'function', name: 'getPrice', stateMutability: 'view', inputs: [{ name: 'priceFeed', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
  ...RATE_MODEL_GETTERS.map((name) => ({ type: 'function', name, stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] }) as const),
] as const;

