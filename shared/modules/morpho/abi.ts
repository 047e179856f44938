import { parseAbi } from 'viem';

/*
 * The ABI fragments the Morpho module reads, from the contracts' own sources (`Id` is a
 * user-defined type over bytes32, so its ABI type is bytes32):
 * - MetaMorpho v1.0 and v1.1 vaults: morpho-org/metamorpho src/libraries/EventsLib.sol and
 *   src/interfaces/IMetaMorpho.sol @163eb2ae (IMetaMorphoStaticTyping returns the pending values and
 *   the market config as flat tuples; v1.1, morpho-org/metamorpho-v1.1, keeps every event and view
 *   used here). ERC-4626 `convertToAssets` and ERC-20 `balanceOf` are OpenZeppelin's.
 * - Morpho Blue: morpho-org/morpho-blue src/interfaces/IMorpho.sol (IMorphoStaticTyping) and
 *   src/interfaces/IOracle.sol @3085651a.
 * - The AdaptiveCurveIrm: morpho-org/morpho-blue-irm src/adaptive-curve-irm/AdaptiveCurveIrm.sol.
 * - Chainlink aggregators: AggregatorV3Interface.latestRoundData (8-decimal USD answers).
 */

/** The vault events that change what a depositor is exposed to (EventsLib.sol). */
export const vaultEvents = parseAbi([
  'event SubmitCap(address indexed caller, bytes32 indexed id, uint256 cap)',
  'event SetCap(address indexed caller, bytes32 indexed id, uint256 cap)',
  'event RevokePendingCap(address indexed caller, bytes32 indexed id)',
  'event SubmitMarketRemoval(address indexed caller, bytes32 indexed id)',
  'event RevokePendingMarketRemoval(address indexed caller, bytes32 indexed id)',
  'event SubmitTimelock(uint256 newTimelock)',
  'event SetTimelock(address indexed caller, uint256 newTimelock)',
  'event RevokePendingTimelock(address indexed caller)',
  'event SubmitGuardian(address indexed newGuardian)',
  'event SetGuardian(address indexed caller, address indexed guardian)',
  'event RevokePendingGuardian(address indexed caller)',
  'event SetFee(address indexed caller, uint256 newFee)',
]);

export type VaultEventName = (typeof vaultEvents)[number]['name'];

/** A vault's governance views (IMetaMorphoStaticTyping) and its ERC-4626 share views. */
export const vaultAbi = parseAbi([
  'function timelock() view returns (uint256)',
  'function fee() view returns (uint96)',
  'function guardian() view returns (address)',
  'function pendingTimelock() view returns (uint192 value, uint64 validAt)',
  'function pendingGuardian() view returns (address guardian, uint64 validAt)',
  'function pendingCap(bytes32 id) view returns (uint192 value, uint64 validAt)',
  'function config(bytes32 id) view returns (uint184 cap, bool enabled, uint64 removableAt)',
  'function balanceOf(address account) view returns (uint256)',
  'function convertToAssets(uint256 shares) view returns (uint256)',
  'function withdrawQueue(uint256 index) view returns (bytes32)',
  'function withdrawQueueLength() view returns (uint256)',
]);

/** Morpho Blue's views (IMorphoStaticTyping). */
export const morphoBlueAbi = parseAbi([
  'function idToMarketParams(bytes32 id) view returns (address loanToken, address collateralToken, address oracle, address irm, uint256 lltv)',
  'function position(bytes32 id, address user) view returns (uint256 supplyShares, uint128 borrowShares, uint128 collateral)',
  'function market(bytes32 id) view returns (uint128 totalSupplyAssets, uint128 totalSupplyShares, uint128 totalBorrowAssets, uint128 totalBorrowShares, uint128 lastUpdate, uint128 fee)',
]);

/**
 * The AdaptiveCurveIrm's stored rate at target utilization, per second, WAD, as of the market's last
 * update (morpho-org/morpho-blue-irm src/adaptive-curve-irm/AdaptiveCurveIrm.sol @10be2221:
 * `mapping(Id => int256) public rateAtTarget`).
 */
export const adaptiveCurveIrmAbi = parseAbi(['function rateAtTarget(bytes32 id) view returns (int256)']);

/** IOracle.price(): one collateral unit in loan units, scaled by 1e36 (IOracle.sol). */
export const oracleAbi = parseAbi(['function price() view returns (uint256)']);

export const aggregatorAbi = parseAbi([
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
]);

/** The tuple a market id hashes (MarketParamsLib.id: keccak256 of the 5 × 32-byte struct). */
export const marketParamsAbi = [
  { type: 'address', name: 'loanToken' },
  { type: 'address', name: 'collateralToken' },
  { type: 'address', name: 'oracle' },
  { type: 'address', name: 'irm' },
  { type: 'uint256', name: 'lltv' },
] as const;
