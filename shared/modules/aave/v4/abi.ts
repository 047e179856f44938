import { parseAbi } from 'viem';

/*
 * Aave v4's spoke, hub and rate strategy, as the deployed contracts declare them: the address
 * book's published ISpokeV4, IHubV4 and IAaveOracleV4 (@aave-dao/aave-address-book 4.68.1, checked
 * by test/modules/aave/v4/publishedAbis.test.ts: a dynamic config key is a uint32, and a Reserve
 * holds collateralRisk and flags before it, unlike earlier aave/aave-v4 revisions), and
 * src/hub/interfaces/IAssetInterestRateStrategy.sol for the rate strategy, which the book does not
 * publish: at aave-v4 v0.5.11 (cdacec5, whose ISpoke and IHub match the book) its event is
 * UpdateInterestRateData (UpdateRateData, another topic, until d6dcb7e of 2026-03-10), checked
 * against test/fixtures/abis/aave-v4-interfaces@cdacec5.json. Only what the
 * exposure reads and the events the governance decoder turns into changes.
 */

const STRUCTS = [
  'struct Reserve { address underlying; address hub; uint16 assetId; uint8 decimals; uint24 collateralRisk; uint8 flags; uint32 dynamicConfigKey; }',
  'struct ReserveConfig { uint24 collateralRisk; bool paused; bool frozen; bool borrowable; bool receiveSharesEnabled; }',
  'struct DynamicReserveConfig { uint16 collateralFactor; uint32 maxLiquidationBonus; uint16 liquidationFee; }',
  'struct LiquidationConfig { uint128 targetHealthFactor; uint64 healthFactorForMaxBonus; uint16 liquidationBonusFactor; }',
  'struct UserPosition { uint120 drawnShares; uint120 premiumShares; int200 premiumOffsetRay; uint120 suppliedShares; uint32 dynamicConfigKey; }',
  'struct UserAccountData { uint256 riskPremium; uint256 avgCollateralFactor; uint256 healthFactor; uint256 totalCollateralValue; uint256 totalDebtValue; uint256 activeCollateralCount; uint256 borrowCount; }',
  'struct SpokeConfig { uint40 addCap; uint40 drawCap; uint24 riskPremiumThreshold; bool active; bool halted; }',
  'struct AssetConfig { address feeReceiver; uint16 liquidityFee; address irStrategy; address reinvestmentController; }',
] as const;

/** The spoke's views a position read needs. */
export const spokeAbi = parseAbi([
  ...STRUCTS,
  'function getUserAccountData(address user) view returns (UserAccountData)',
  'function getReserveCount() view returns (uint256)',
  'function getReserve(uint256 reserveId) view returns (Reserve)',
  'function getUserPosition(uint256 reserveId, address user) view returns (UserPosition)',
  'function getUserReserveStatus(uint256 reserveId, address user) view returns (bool, bool)',
  'function getUserSuppliedAssets(uint256 reserveId, address user) view returns (uint256)',
  'function getUserDebt(uint256 reserveId, address user) view returns (uint256, uint256)',
  'function getDynamicReserveConfig(uint256 reserveId, uint32 dynamicConfigKey) view returns (DynamicReserveConfig)',
]);

/** The spoke's AaveOracle: a reserve's price in USD, 8 decimals. */
export const spokeOracleAbi = parseAbi(['function getReservePrice(uint256 reserveId) view returns (uint256)']);

/** The configuration events the spoke, hub and rate strategy emit: what a governance change leaves on-chain. */
export const configEventsAbi = parseAbi([
  ...STRUCTS,
  'event AddReserve(uint256 indexed reserveId, uint256 indexed assetId, address indexed hub)',
  'event UpdateReserveConfig(uint256 indexed reserveId, ReserveConfig config)',
  'event AddDynamicReserveConfig(uint256 indexed reserveId, uint32 indexed dynamicConfigKey, DynamicReserveConfig config)',
  'event UpdateDynamicReserveConfig(uint256 indexed reserveId, uint32 indexed dynamicConfigKey, DynamicReserveConfig config)',
  'event UpdateLiquidationConfig(LiquidationConfig config)',
  'event UpdateSpokeConfig(uint256 indexed assetId, address indexed spoke, SpokeConfig config)',
  'event UpdateAssetConfig(uint256 indexed assetId, AssetConfig config)',
  'event UpdateInterestRateData(address indexed hub, uint256 indexed assetId, uint256 optimalUsageRatio, uint256 baseDrawnRate, uint256 rateGrowthBeforeOptimal, uint256 rateGrowthAfterOptimal)',
]);

/** The hub's views that name an asset, list the spokes drawing on it, and give what its suppliers earn (aave-v4 src/hub/interfaces/IHubBase.sol and IHub.sol). */
export const hubAbi = parseAbi([
  'struct Asset { uint120 liquidity; uint120 realizedFees; uint8 decimals; uint120 addedShares; uint120 swept; int200 premiumOffsetRay; uint120 drawnShares; uint120 premiumShares; uint16 liquidityFee; uint120 drawnIndex; uint96 drawnRate; uint40 lastUpdateTimestamp; address underlying; address irStrategy; address reinvestmentController; address feeReceiver; uint200 deficitRay; }',
  'function getAsset(uint256 assetId) view returns (Asset)',
  'function getAddedAssets(uint256 assetId) view returns (uint256)',
  'function getAssetUnderlyingAndDecimals(uint256 assetId) view returns (address, uint8)',
  'function getAssetId(address underlying) view returns (uint256)',
  'function getSpokeCount(uint256 assetId) view returns (uint256)',
  'function getSpokeAddress(uint256 assetId, uint256 index) view returns (address)',
]);
