import { AaveV3Ethereum, GovernanceV3Ethereum } from '@aave-dao/aave-address-book';
import { type Abi, encodeAbiParameters, type Hex, numberToHex, padHex } from 'viem';
import { KEEP_CURRENT } from '../../../../shared/readers/configEngine/decodeEngineView.js';
import { configuratorEvents, injectorEvents, payloadsControllerEvents, rateDataParameters, rateInputParameters, riskOracleEvents, safeEvents, eModeUpdateParameters } from '../../../../shared/modules/aave/stewards/stewardEvents.js';
import type { RecentLog } from '../../../../shared/upstream/clients/readRecentLogs.js';
import type { ScenarioChain, ScenarioEvent } from '../../../support/logNode.js';

/*
 * The recorded Ethereum window of the Aave stewards source (test/fixtures/upstream/ethereum/aave-stewards.json):
 * real contracts, events and encodings, SYNTHETIC placement and values, since no public material
 * gives a 2026-11 window's logs:
 * - addresses: @aave-dao/aave-address-book 4.68.1 (AaveV3Ethereum RISK_COUNCIL, POOL_CONFIGURATOR,
 *   EDGE_RISK_ORACLE, EDGE_INJECTOR_RATES, EDGE_INJECTOR_PENDLE_EMODE; GovernanceV3Ethereum.PAYLOADS_CONTROLLER);
 * - the steward update's shape: aave-dao/aave-v3-risk-stewards tests/RiskSteward.t.sol
 *   test_updateCaps (the risk council raises DAI's supply and borrow caps 10 % relative);
 * - the oracle updates' shape: tests/AaveStewardsInjectorRates.t.sol (InterestRateInputData with
 *   KEEP_CURRENT fields, market = the reserve) and AaveStewardInjectorEMode.sol (market = the category id);
 * - the freeze: aave-v3-origin PoolConfigurator.setReserveFreeze (PendingLtvChanged, the collateral
 *   configuration at LTV 0, AssetLtvzero…, ReserveFrozen; the eMode events are not read);
 * - a vote's payload changing a cap in the window (PayloadExecuted in the same transaction), which the
 *   source must leave to the vote.
 * The cap, rate, eMode and LTV values, blocks, times and transaction hashes are ours.
 */

export const HEAD = 26_488_000n;
/** 2026-11-21T12:00:00Z. */
export const HEAD_TIME = 1_795_262_400n;
export const timeOf = (block: bigint): bigint => HEAD_TIME - (HEAD - block) * 12n;

/** A decoded log of this window as readRecentLogs gives it (for synthetic windows of the items' rules): `tx` is padded to a hash, the time is timeOf's. */
export const windowLog = (address: string, eventName: string, args: Record<string, unknown>, blockNumber: bigint, logIndex: number, tx: string): RecentLog => ({
  address: address as Hex,
  eventName,
  args,
  blockNumber,
  logIndex,
  transactionHash: tx.padEnd(66, '0') as Hex,
  blockTimestamp: timeOf(blockNumber),
});

const DAY = 7_200n;
const tx = (n: number): Hex => padHex(numberToHex(0xa4e5700 + n), { size: 32 });
const ev = (address: Hex, abi: Abi, eventName: string, args: Record<string, unknown>, blockNumber: bigint, logIndex: number, transactionHash: Hex): ScenarioEvent => ({ address, abi, eventName, args, blockNumber, logIndex, transactionHash });

const CONFIGURATOR = AaveV3Ethereum.POOL_CONFIGURATOR as Hex;
const COUNCIL = AaveV3Ethereum.RISK_COUNCIL as Hex;
const ORACLE = AaveV3Ethereum.EDGE_RISK_ORACLE as Hex;
const RATES_INJECTOR = AaveV3Ethereum.EDGE_INJECTOR_RATES as Hex;
const config = configuratorEvents as unknown as Abi;

/** The steward's DAI caps, before and after its 10 % step (tokens). */
export const DAI_CAPS = { supply: [338_000_000n, 371_800_000n], borrow: [271_000_000n, 298_100_000n] } as const;
/** The oracle's WETH rate update: slope1 to 2.7 %, the rest KEEP_CURRENT; the pool's rate data after it (bps). */
export const WETH_RATE = { updateId: 4_101n, slope1: 270n, after: [9_000, 0, 270, 800] as const };
/** The oracle's pending eMode update: category 23's LTV to 90.5 %, LT to 92.5 %, LB kept. */
export const EMODE_UPDATE = { updateId: 4_102n, category: 23, ltv: 9_050n, threshold: 9_250n };
/** The freeze: CRV's LTV (kept as pending) and its LT/LB as the collateral event restates them. */
export const CRV_FREEZE = { ltv: 3_500n, threshold: 4_100n, bonus: 10_830n };

const stewardBlock = HEAD - 5n * DAY;
const publishBlock = HEAD - 2n * DAY;
const applyBlock = publishBlock + 15n; // three minutes later
const freezeBlock = HEAD - DAY;
const pendingBlock = HEAD - 300n; // an hour before the head
const payloadBlock = HEAD - 10n * DAY;

const rateInput = encodeAbiParameters(rateInputParameters, [KEEP_CURRENT, KEEP_CURRENT, WETH_RATE.slope1, KEEP_CURRENT]);
const rateData = encodeAbiParameters(rateDataParameters, [...WETH_RATE.after]);
const eModeValue = encodeAbiParameters(eModeUpdateParameters, [EMODE_UPDATE.ltv, EMODE_UPDATE.threshold, KEEP_CURRENT]);

export const STEWARD_EVENTS: ScenarioEvent[] = [
  // A vote's payload raises WETH's supply cap: the vote's change, not the steward's.
  ev(CONFIGURATOR, config, 'SupplyCapChanged', { asset: AaveV3Ethereum.ASSETS.WETH.UNDERLYING, oldSupplyCap: 2_000_000n, newSupplyCap: 2_200_000n }, payloadBlock, 40, tx(1)),
  ev(GovernanceV3Ethereum.PAYLOADS_CONTROLLER as Hex, payloadsControllerEvents as unknown as Abi, 'PayloadExecuted', { payloadId: 380 }, payloadBlock, 41, tx(1)),
  // The risk council's Safe calls RiskSteward.updateCaps: both DAI caps +10 %.
  ev(CONFIGURATOR, config, 'SupplyCapChanged', { asset: AaveV3Ethereum.ASSETS.DAI.UNDERLYING, oldSupplyCap: DAI_CAPS.supply[0], newSupplyCap: DAI_CAPS.supply[1] }, stewardBlock, 12, tx(2)),
  ev(CONFIGURATOR, config, 'BorrowCapChanged', { asset: AaveV3Ethereum.ASSETS.DAI.UNDERLYING, oldBorrowCap: DAI_CAPS.borrow[0], newBorrowCap: DAI_CAPS.borrow[1] }, stewardBlock, 13, tx(2)),
  ev(COUNCIL, safeEvents as unknown as Abi, 'ExecutionSuccess', { txHash: padHex('0x5afe01', { size: 32 }), payment: 0n }, stewardBlock, 14, tx(2)),
  // The Edge oracle publishes a WETH rate update; the Core rates injector applies it three minutes later.
  ev(ORACLE, riskOracleEvents as unknown as Abi, 'ParameterUpdated', {
    referenceId: 'synthetic-weth-slope1', newValue: rateInput, previousValue: '0x', timestamp: timeOf(publishBlock), updateType: 'RateStrategyUpdate', updateId: WETH_RATE.updateId, market: AaveV3Ethereum.ASSETS.WETH.UNDERLYING, additionalData: '0x',
  }, publishBlock, 3, tx(3)),
  ev(CONFIGURATOR, config, 'ReserveInterestRateDataChanged', { asset: AaveV3Ethereum.ASSETS.WETH.UNDERLYING, strategy: AaveV3Ethereum.ASSETS.WETH.INTEREST_RATE_STRATEGY, data: rateData }, applyBlock, 7, tx(4)),
  ev(RATES_INJECTOR, injectorEvents as unknown as Abi, 'ActionSucceeded', { updateId: WETH_RATE.updateId }, applyBlock, 8, tx(4)),
  // The guardian freezes CRV: LTV to 0 with 35 % kept as pending.
  ev(CONFIGURATOR, config, 'PendingLtvChanged', { asset: AaveV3Ethereum.ASSETS.CRV.UNDERLYING, ltv: CRV_FREEZE.ltv }, freezeBlock, 20, tx(5)),
  ev(CONFIGURATOR, config, 'CollateralConfigurationChanged', { asset: AaveV3Ethereum.ASSETS.CRV.UNDERLYING, ltv: 0n, liquidationThreshold: CRV_FREEZE.threshold, liquidationBonus: CRV_FREEZE.bonus }, freezeBlock, 21, tx(5)),
  ev(CONFIGURATOR, config, 'ReserveFrozen', { asset: AaveV3Ethereum.ASSETS.CRV.UNDERLYING, frozen: true }, freezeBlock, 22, tx(5)),
  // A pending eMode update, published an hour before the head, not yet applied.
  ev(ORACLE, riskOracleEvents as unknown as Abi, 'ParameterUpdated', {
    referenceId: 'synthetic-emode-23', newValue: eModeValue, previousValue: '0x', timestamp: timeOf(pendingBlock), updateType: 'EModeCategoryUpdate', updateId: EMODE_UPDATE.updateId, market: padHex(numberToHex(EMODE_UPDATE.category), { size: 20 }), additionalData: '0x',
  }, pendingBlock, 2, tx(6)),
];

export const STEWARD_CHAIN: ScenarioChain = { chainId: '0x1', head: HEAD, timeOf, events: STEWARD_EVENTS };
