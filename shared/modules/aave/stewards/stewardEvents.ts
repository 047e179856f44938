import { keccak256, parseAbi, toHex } from 'viem';

/*
 * The events that show a change made without a vote on an Aave v3 pool, and who made it. Sources:
 * - PoolConfigurator: aave-v3-origin src/contracts/interfaces/IPoolConfigurator.sol (the address
 *   book's IPoolConfigurator ABI; test/modules/aave/stewards/stewardEvents.test.ts proves each).
 *   The steward delegatecalls the config engine (RiskSteward.sol `functionDelegateCall`), so these
 *   are the only events its changes leave; they name no sender.
 * - RiskOracle.ParameterUpdated: ChaosLabsInc/risk-oracle src/RiskOracle.sol (`updateType` is an
 *   indexed string, so the log carries its keccak256, never the words).
 * - ActionSucceeded(updateId): aave-v3-risk-stewards src/interfaces/IAaveStewardInjectorBase.sol,
 *   emitted by an injector in the transaction that applies an oracle update.
 * - ExecutionSuccess(txHash, payment): Safe 1.3/1.4 (safe-global/safe-smart-account
 *   contracts/Safe.sol), emitted by the risk council's Safe in the transaction of a manual steward update.
 * - PayloadExecuted(payloadId): the PayloadsController (IPayloadsControllerCore): a transaction that
 *   carries it is a vote's payload, already in the feed as the vote.
 */
export const configuratorEvents = parseAbi([
  'event SupplyCapChanged(address indexed asset, uint256 oldSupplyCap, uint256 newSupplyCap)',
  'event BorrowCapChanged(address indexed asset, uint256 oldBorrowCap, uint256 newBorrowCap)',
  'event CollateralConfigurationChanged(address indexed asset, uint256 ltv, uint256 liquidationThreshold, uint256 liquidationBonus)',
  'event ReserveInterestRateDataChanged(address indexed asset, address indexed strategy, bytes data)',
  'event EModeCategoryAdded(uint8 indexed categoryId, uint256 ltv, uint256 liquidationThreshold, uint256 liquidationBonus, address oracle, string label)',
  'event ReserveFrozen(address indexed asset, bool frozen)',
  'event PendingLtvChanged(address indexed asset, uint256 ltv)',
]);

export const riskOracleEvents = parseAbi([
  'event ParameterUpdated(string referenceId, bytes newValue, bytes previousValue, uint256 timestamp, string indexed updateType, uint256 indexed updateId, address indexed market, bytes additionalData)',
]);

export const injectorEvents = parseAbi(['event ActionSucceeded(uint256 indexed updateId)']);

export const safeEvents = parseAbi(['event ExecutionSuccess(bytes32 txHash, uint256 payment)']);

export const payloadsControllerEvents = parseAbi(['event PayloadExecuted(uint40 payloadId)']);

/** Every event the stewards source asks for, in one eth_getLogs filter (topic0 is any of them). */
export const stewardSourceEvents = [...configuratorEvents, ...riskOracleEvents, ...injectorEvents, ...safeEvents, ...payloadsControllerEvents] as const;

/** InterestRateInputData of the config engine (IAaveV3ConfigEngine.sol): bps, each may be KEEP_CURRENT. */
export const rateInputParameters = [
  { name: 'optimalUsageRatio', type: 'uint256' },
  { name: 'baseVariableBorrowRate', type: 'uint256' },
  { name: 'variableRateSlope1', type: 'uint256' },
  { name: 'variableRateSlope2', type: 'uint256' },
] as const;

/** The pool's InterestRateData (IDefaultInterestRateStrategyV2.sol), the `data` of ReserveInterestRateDataChanged: bps. */
export const rateDataParameters = [
  { name: 'optimalUsageRatio', type: 'uint16' },
  { name: 'baseVariableBorrowRate', type: 'uint32' },
  { name: 'variableRateSlope1', type: 'uint32' },
  { name: 'variableRateSlope2', type: 'uint32' },
] as const;

/** AaveStewardInjectorEMode.EModeCategoryUpdate: ltv, liqThreshold, liqBonus (bps, the bonus over 100 %). */
export const eModeUpdateParameters = [
  { name: 'ltv', type: 'uint256' },
  { name: 'liqThreshold', type: 'uint256' },
  { name: 'liqBonus', type: 'uint256' },
] as const;

/** The update types the Aave injectors apply (each injector's getUpdateTypes()). */
export const ORACLE_UPDATE_TYPES = ['supplyCap', 'borrowCap', 'RateStrategyUpdate', 'EModeCategoryUpdate', 'PendleDiscountRateUpdate'] as const;
export type OracleUpdateType = (typeof ORACLE_UPDATE_TYPES)[number];

/** An indexed string's topic (keccak256 of its UTF-8 bytes) back to the update type it hashes. */
export const UPDATE_TYPE_OF_TOPIC: ReadonlyMap<string, OracleUpdateType> = new Map(ORACLE_UPDATE_TYPES.map((type) => [keccak256(toHex(type)), type]));

/** How long an injector still applies an update after its publication (AaveStewardInjectorBase.EXPIRATION_PERIOD). */
export const EXPIRATION_SECONDS = 6n * 3600n;
