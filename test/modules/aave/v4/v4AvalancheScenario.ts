import { AaveV4Avalanche, GovernanceV3Avalanche } from '@aave-dao/aave-address-book';
import { type Abi, type Address, type Hex, numberToHex, padHex } from 'viem';
import { payloadsControllerEvents } from '../../../../shared/modules/aave/stewards/stewardEvents.js';
import { configEventsAbi, hubAbi, spokeAbi } from '../../../../shared/modules/aave/v4/abi.js';
import { V4_CONFIG_AVALANCHE } from '../../../../shared/modules/aave/v4/v4ConfigChains.js';
import type { InnerCall } from '../../../support/fakeEvmNode.js';
import type { ScenarioChain, ScenarioEvent } from '../../../support/logNode.js';
import { HEAD_TIME } from '../stewards/stewardScenario.js';

/*
 * The recorded Avalanche window of the Aave v4 configuration source
 * (test/fixtures/upstream/avalanche/aave-v4-stewards.json): real contracts, events and encodings,
 * SYNTHETIC placement and values, since no public material gives a window of Avalanche v4
 * configuration logs:
 * - addresses: @aave-dao/aave-address-book 4.68.1 AaveV4Avalanche (SPOKES.MAIN_SPOKE,
 *   SPOKES.AVAX_CORRELATED_SPOKE, SPOKES.TREASURY_SPOKE, HUBS.CORE_HUB,
 *   IR_STRATEGIES.CORE_WAVAX_IR_STRATEGY, TOKENIZATION_SPOKES.CORE_WAVAX_TOKENIZATION_SPOKE,
 *   ASSETS.WAVAX) and GovernanceV3Avalanche.PAYLOADS_CONTROLLER;
 * - events and views: aave/aave-v4 v0.5.11 ISpoke (UpdateDynamicReserveConfig, getReserve), IHub
 *   (UpdateSpokeConfig, UpdateAssetConfig, getAssetUnderlyingAndDecimals, getSpokeCount,
 *   getSpokeAddress), IAssetInterestRateStrategy (UpdateInterestRateData), as on Ethereum
 *   (v4StewardScenario.ts): the same code, deployed with Avalanche's book entry.
 * The head's time is the Ethereum windows' (2026-11-21T12:00:00Z), so Aave's recorded date stays
 * one; blocks are 1 s apart as V4_CONFIG_AVALANCHE counts them. The head's number, reserve id 0 and
 * hub asset id 0 for WAVAX, the vote's payload id, every value, block, time and hash are ours.
 */

export const AVALANCHE_HEAD = 73_000_000n;
export const AVALANCHE_HEAD_TIME = HEAD_TIME;
const DAY = 86_400n;
export const timeOfAvalanche = (block: bigint): bigint => AVALANCHE_HEAD_TIME - (AVALANCHE_HEAD - block) * BigInt(V4_CONFIG_AVALANCHE.secondsPerBlock);
const tx = (n: number): Hex => padHex(numberToHex(0x4a4ea000 + n), { size: 32 });
const ev = (address: string, abi: Abi, eventName: string, args: Record<string, unknown>, blockNumber: bigint, logIndex: number, transactionHash: Hex): ScenarioEvent => ({ address: address as Hex, abi, eventName, args, blockNumber, logIndex, transactionHash });

export const AVALANCHE_MAIN = AaveV4Avalanche.SPOKES.MAIN_SPOKE as Address;
export const AVAX_CORRELATED = AaveV4Avalanche.SPOKES.AVAX_CORRELATED_SPOKE as Address;
export const AVALANCHE_CORE_HUB = AaveV4Avalanche.HUBS.CORE_HUB as Address;
const RATES = AaveV4Avalanche.IR_STRATEGIES.CORE_WAVAX_IR_STRATEGY as Address;
const WAVAX = AaveV4Avalanche.ASSETS.WAVAX.UNDERLYING as Address;
const TOKENIZED_WAVAX = AaveV4Avalanche.TOKENIZATION_SPOKES.CORE_WAVAX_TOKENIZATION_SPOKE as Address;
const TREASURY = AaveV4Avalanche.SPOKES.TREASURY_SPOKE as Address;
const NO_CONTROLLER = '0x0000000000000000000000000000000000000000' as Address;
const config = configEventsAbi as unknown as Abi;
const dynamic = (collateralFactor: number, maxLiquidationBonus: number, liquidationFee: number) => ({ collateralFactor, maxLiquidationBonus, liquidationFee });

/** WAVAX on the Main spoke, key 1: the vote set CF 70 %, the steward moved it to 71 %. */
export const WAVAX_KEY_1 = { voted: dynamic(7_000, 10_600, 1_000), stewarded: dynamic(7_100, 10_600, 1_000) } as const;
/** The Main spoke's WAVAX caps on the Core hub after the steward's step (whole tokens). */
export const AVALANCHE_MAIN_WAVAX_CAPS = { addCap: 2_000_000n, drawCap: 1_500_000n, riskPremiumThreshold: 1_000, active: true, halted: false } as const;
/** The Core hub's WAVAX rate data after the steward's step (bps). */
export const WAVAX_RATE_DATA = { optimalUsageRatio: 8_000n, baseDrawnRate: 0n, rateGrowthBeforeOptimal: 400n, rateGrowthAfterOptimal: 7_500n } as const;
/** The Core hub's WAVAX config: the vote's (fee 10 %), then the fee raised to 20 % without a vote. */
export const WAVAX_ASSET_CONFIG = {
  voted: { feeReceiver: TREASURY, liquidityFee: 1_000, irStrategy: RATES, reinvestmentController: NO_CONTROLLER },
  raised: { feeReceiver: TREASURY, liquidityFee: 2_000, irStrategy: RATES, reinvestmentController: NO_CONTROLLER },
} as const;

export const V4_AVALANCHE_EVENTS: ScenarioEvent[] = [
  // A vote's payload sets WAVAX's key 1 and its hub config: the vote's own execution, not an item of this source.
  ev(AVALANCHE_MAIN, config, 'UpdateDynamicReserveConfig', { reserveId: 0n, dynamicConfigKey: 1, config: WAVAX_KEY_1.voted }, AVALANCHE_HEAD - 20n * DAY, 3, tx(1)),
  ev(AVALANCHE_CORE_HUB, config, 'UpdateAssetConfig', { assetId: 0n, config: WAVAX_ASSET_CONFIG.voted }, AVALANCHE_HEAD - 20n * DAY, 4, tx(1)),
  ev(GovernanceV3Avalanche.PAYLOADS_CONTROLLER, payloadsControllerEvents as unknown as Abi, 'PayloadExecuted', { payloadId: 120 }, AVALANCHE_HEAD - 20n * DAY, 5, tx(1)),
  // The steward raises key 1's collateral factor one point and the Main spoke's WAVAX caps on the Core hub.
  ev(AVALANCHE_MAIN, config, 'UpdateDynamicReserveConfig', { reserveId: 0n, dynamicConfigKey: 1, config: WAVAX_KEY_1.stewarded }, AVALANCHE_HEAD - 6n * DAY, 1, tx(2)),
  ev(AVALANCHE_CORE_HUB, config, 'UpdateSpokeConfig', { assetId: 0n, spoke: AVALANCHE_MAIN, config: AVALANCHE_MAIN_WAVAX_CAPS }, AVALANCHE_HEAD - 6n * DAY, 2, tx(2)),
  // The steward moves the Core hub's WAVAX rate data: every spoke listing WAVAX there.
  ev(RATES, config, 'UpdateInterestRateData', { hub: AVALANCHE_CORE_HUB, assetId: 0n, ...WAVAX_RATE_DATA }, AVALANCHE_HEAD - 3n * DAY, 0, tx(3)),
  // A holder of the HubConfigurator's roles raises the WAVAX liquidity fee to 20 %.
  ev(AVALANCHE_CORE_HUB, config, 'UpdateAssetConfig', { assetId: 0n, config: WAVAX_ASSET_CONFIG.raised }, AVALANCHE_HEAD - DAY, 4, tx(4)),
];

/** The views the source asks at the head: the Main spoke's reserve 0 and the Core hub's asset 0 are WAVAX; the Main, AVAX Correlated and WAVAX tokenization spokes draw on it. */
export function answerAvalancheViews(call: InnerCall): { abi: Abi; result: unknown } | undefined {
  const target = call.target.toLowerCase();
  if (target === AVALANCHE_MAIN.toLowerCase() && call.functionName === 'getReserve' && call.args[0] === 0n)
    return { abi: spokeAbi as unknown as Abi, result: { underlying: WAVAX, hub: AVALANCHE_CORE_HUB, assetId: 0, decimals: 18, dynamicConfigKey: 1, collateralRisk: 0, flags: 0 } };
  if (target !== AVALANCHE_CORE_HUB.toLowerCase() || call.args[0] !== 0n) return undefined;
  const hub = hubAbi as unknown as Abi;
  if (call.functionName === 'getAssetUnderlyingAndDecimals') return { abi: hub, result: [WAVAX, 18] };
  if (call.functionName === 'getSpokeCount') return { abi: hub, result: 3n };
  if (call.functionName === 'getSpokeAddress') return { abi: hub, result: [AVALANCHE_MAIN, AVAX_CORRELATED, TOKENIZED_WAVAX][Number(call.args[1])] };
  return undefined;
}

export const V4_AVALANCHE_CHAIN: ScenarioChain = { chainId: '0xa86a', head: AVALANCHE_HEAD, timeOf: timeOfAvalanche, events: V4_AVALANCHE_EVENTS };
export const V4_AVALANCHE_VIEW_ABIS: readonly Abi[] = [spokeAbi as unknown as Abi, hubAbi as unknown as Abi];
