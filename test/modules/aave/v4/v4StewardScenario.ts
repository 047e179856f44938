import { AaveV4Ethereum, GovernanceV3Ethereum } from '@aave-dao/aave-address-book';
import { type Abi, type Address, type Hex, numberToHex, padHex } from 'viem';
import { payloadsControllerEvents } from '../../../../shared/modules/aave/stewards/stewardEvents.js';
import { configEventsAbi, hubAbi, spokeAbi } from '../../../../shared/modules/aave/v4/abi.js';
import type { InnerCall } from '../../../support/fakeEvmNode.js';
import type { ScenarioChain, ScenarioEvent } from '../../../support/logNode.js';
import { HEAD, HEAD_TIME, timeOf } from '../stewards/stewardScenario.js';

/*
 * The recorded Ethereum window of the Aave v4 configuration source
 * (test/fixtures/upstream/ethereum/aave-v4-stewards.json): real contracts, events and encodings,
 * SYNTHETIC placement and values, since no public material gives a window of v4 configuration logs
 * sent by the v4 risk steward (aave-dao/aave-v4-risk-stewards' diffs/ holds only generated examples):
 * - addresses: @aave-dao/aave-address-book 4.68.1 AaveV4Ethereum (SPOKES.MAIN_SPOKE, HUBS.CORE_HUB,
 *   IR_STRATEGIES.CORE_WETH_IR_STRATEGY, TOKENIZATION_SPOKES.CORE_WETH_TOKENIZATION_SPOKE, ASSETS.WETH)
 *   and GovernanceV3Ethereum.PAYLOADS_CONTROLLER;
 * - events and views: aave/aave-v4 ISpoke (UpdateDynamicReserveConfig, AddDynamicReserveConfig,
 *   getReserve), IHub (UpdateSpokeConfig, UpdateAssetConfig, getAssetUnderlyingAndDecimals,
 *   getSpokeCount, getSpokeAddress), IAssetInterestRateStrategy (UpdateInterestRateData);
 * - the steward's steps: aave-v4-risk-stewards README (collateral factor and bonus steps in absolute
 *   bps on an existing key or a new one; hub-spoke caps relative; rate data absolute), the shapes of
 *   its generator's DynamicReserveConfigUpdates / Additions, HubSpokeCapsUpdates, HubAssetIrUpdates;
 * - a liquidity fee raised without a vote through the HubConfigurator (updateLiquidityFee, which
 *   re-emits the hub asset's whole AssetConfig): the steward refuses fees, so a holder of the
 *   configurator's roles; the vote's payload set the config before it.
 * The head is the v3 stewards window's (stewardScenario.ts), so one recorded head answers both.
 * Reserve id 0 and hub asset id 0 for WETH, every value, block, time and hash are ours.
 */

export { HEAD, HEAD_TIME };
const DAY = 7_200n;
const tx = (n: number): Hex => padHex(numberToHex(0x4a4e0400 + n), { size: 32 });
const ev = (address: string, abi: Abi, eventName: string, args: Record<string, unknown>, blockNumber: bigint, logIndex: number, transactionHash: Hex): ScenarioEvent => ({ address: address as Hex, abi, eventName, args, blockNumber, logIndex, transactionHash });

export const MAIN = AaveV4Ethereum.SPOKES.MAIN_SPOKE as Address;
export const CORE_HUB = AaveV4Ethereum.HUBS.CORE_HUB as Address;
const RATES = AaveV4Ethereum.IR_STRATEGIES.CORE_WETH_IR_STRATEGY as Address;
const WETH = AaveV4Ethereum.ASSETS.WETH.UNDERLYING as Address;
const TOKENIZED_WETH = AaveV4Ethereum.TOKENIZATION_SPOKES.CORE_WETH_TOKENIZATION_SPOKE as Address;
const TREASURY = AaveV4Ethereum.SPOKES.TREASURY_SPOKE as Address;
const config = configEventsAbi as unknown as Abi;
const dynamic = (collateralFactor: number, maxLiquidationBonus: number, liquidationFee: number) => ({ collateralFactor, maxLiquidationBonus, liquidationFee });

/** WETH on the Main spoke, key 1: the vote set CF 80 %, the steward moved it to 81 %; the steward then added key 2 at 82 % with a 4.5 % bonus. */
export const WETH_KEYS = { voted: dynamic(8_000, 10_500, 1_000), stewarded: dynamic(8_100, 10_500, 1_000), added: dynamic(8_200, 10_450, 1_000) } as const;
/** The Main spoke's WETH caps on the Core hub after the steward's step (whole tokens). */
export const MAIN_WETH_CAPS = { addCap: 550_000n, drawCap: 440_000n, riskPremiumThreshold: 1_000, active: true, halted: false } as const;
/** The Core hub's WETH rate data after the steward's step (bps). */
export const WETH_RATE_DATA = { optimalUsageRatio: 9_000n, baseDrawnRate: 0n, rateGrowthBeforeOptimal: 250n, rateGrowthAfterOptimal: 800n } as const;
/** The Core hub's WETH config: the vote's (fee 10 %), then the fee raised to 15 % without a vote, the addresses unchanged. */
export const WETH_ASSET_CONFIG = {
  voted: { feeReceiver: TREASURY, liquidityFee: 1_000, irStrategy: RATES, reinvestmentController: '0x0000000000000000000000000000000000000000' as Address },
  raised: { feeReceiver: TREASURY, liquidityFee: 1_500, irStrategy: RATES, reinvestmentController: '0x0000000000000000000000000000000000000000' as Address },
} as const;

export const V4_STEWARD_EVENTS: ScenarioEvent[] = [
  // A vote's payload sets key 1: the vote's own execution, not an item of this source.
  ev(MAIN, config, 'UpdateDynamicReserveConfig', { reserveId: 0n, dynamicConfigKey: 1, config: WETH_KEYS.voted }, HEAD - 12n * DAY, 30, tx(1)),
  ev(CORE_HUB, config, 'UpdateAssetConfig', { assetId: 0n, config: WETH_ASSET_CONFIG.voted }, HEAD - 12n * DAY, 31, tx(1)),
  ev(GovernanceV3Ethereum.PAYLOADS_CONTROLLER, payloadsControllerEvents as unknown as Abi, 'PayloadExecuted', { payloadId: 470 }, HEAD - 12n * DAY, 32, tx(1)),
  // The steward raises key 1's collateral factor one point and the Main spoke's WETH caps on the Core hub.
  ev(MAIN, config, 'UpdateDynamicReserveConfig', { reserveId: 0n, dynamicConfigKey: 1, config: WETH_KEYS.stewarded }, HEAD - 4n * DAY, 5, tx(2)),
  ev(CORE_HUB, config, 'UpdateSpokeConfig', { assetId: 0n, spoke: MAIN, config: MAIN_WETH_CAPS }, HEAD - 4n * DAY, 6, tx(2)),
  // The steward adds key 2: new positions only.
  ev(MAIN, config, 'AddDynamicReserveConfig', { reserveId: 0n, dynamicConfigKey: 2, config: WETH_KEYS.added }, HEAD - 2n * DAY, 9, tx(3)),
  // The steward moves the Core hub's WETH slope before optimal to 2.5 %.
  ev(RATES, config, 'UpdateInterestRateData', { hub: CORE_HUB, assetId: 0n, ...WETH_RATE_DATA }, HEAD - DAY, 2, tx(4)),
  // A holder of the HubConfigurator's roles raises the Core hub's WETH liquidity fee to 15 %.
  ev(CORE_HUB, config, 'UpdateAssetConfig', { assetId: 0n, config: WETH_ASSET_CONFIG.raised }, HEAD - DAY / 2n, 7, tx(5)),
];

/** The views the source asks at the head: the Main spoke's reserve 0 and the Core hub's asset 0 are WETH; two spokes draw on it. */
export function answerV4Views(call: InnerCall): { abi: Abi; result: unknown } | undefined {
  const target = call.target.toLowerCase();
  if (target === MAIN.toLowerCase() && call.functionName === 'getReserve' && call.args[0] === 0n)
    return { abi: spokeAbi as unknown as Abi, result: { underlying: WETH, hub: CORE_HUB, assetId: 0, decimals: 18, dynamicConfigKey: 2, collateralRisk: 0, flags: 0 } };
  if (target !== CORE_HUB.toLowerCase() || call.args[0] !== 0n) return undefined;
  const hub = hubAbi as unknown as Abi;
  if (call.functionName === 'getAssetUnderlyingAndDecimals') return { abi: hub, result: [WETH, 18] };
  if (call.functionName === 'getSpokeCount') return { abi: hub, result: 2n };
  if (call.functionName === 'getSpokeAddress') return { abi: hub, result: [MAIN, TOKENIZED_WETH][Number(call.args[1])] };
  return undefined;
}

export const V4_STEWARD_CHAIN: ScenarioChain = { chainId: '0x1', head: HEAD, timeOf, events: V4_STEWARD_EVENTS };
export const V4_VIEW_ABIS: readonly Abi[] = [spokeAbi as unknown as Abi, hubAbi as unknown as Abi];
