import { AaveV3Arbitrum } from '@aave-dao/aave-address-book';
import { type Abi, encodePacked, type Hex, numberToHex, padHex } from 'viem';
import { configuratorEvents, injectorEvents, riskOracleEvents } from '../../../../shared/modules/aave/stewards/stewardEvents.js';
import type { ScenarioChain, ScenarioEvent } from '../../../support/logNode.js';

/*
 * A SYNTHETIC Arbitrum window of the Aave stewards source, served in memory (test/support/logNode.ts),
 * not recorded: an Arbitrum recording would turn the Aave vote source's unrecorded Arbitrum payload
 * reads into counted misses (test/feed/recordedFeed.test.ts). An Edge supply-cap update for USDC (native, the book's USDCn) published by the Arbitrum RiskOracle
 * and applied two minutes later by EDGE_INJECTOR_CAPS. Real contracts (@aave-dao/aave-address-book
 * AaveV3Arbitrum), events and encodings; the newValue layout is the caps injector's
 * (aave-v3-risk-stewards tests/AaveStewardsInjectorCaps.t.sol `_encode`: abi.encodePacked(uint256)
 * in the aToken's units, divided by its decimals on injection). SYNTHETIC: blocks, times,
 * transaction hashes, the head, and the values (140 M → 150 M USDC).
 */
export const ARBITRUM_HEAD = 402_000_000n;
/** 2026-11-21T12:00:00Z, the Ethereum recording's head time. */
export const ARBITRUM_HEAD_TIME = 1_795_262_400n;
export const arbitrumTimeOf = (block: bigint): bigint => ARBITRUM_HEAD_TIME - (ARBITRUM_HEAD - block) / 4n;

export const USDC_CAP = { updateId: 77_001n, before: 140_000_000n, after: 150_000_000n };
const publishBlock = ARBITRUM_HEAD - 4n * 86_400n;
const applyBlock = publishBlock + 480n; // two minutes later
const tx = (n: number): Hex => padHex(numberToHex(0xa2b1000 + n), { size: 32 });

const USDC = AaveV3Arbitrum.ASSETS.USDCn;
export const ARBITRUM_EVENTS: ScenarioEvent[] = [
  {
    address: AaveV3Arbitrum.EDGE_RISK_ORACLE as Hex,
    abi: riskOracleEvents as unknown as Abi,
    eventName: 'ParameterUpdated',
    args: { referenceId: 'synthetic-usdc-supply-cap', newValue: encodePacked(['uint256'], [USDC_CAP.after * 10n ** 6n]), previousValue: '0x', timestamp: arbitrumTimeOf(publishBlock), updateType: 'supplyCap', updateId: USDC_CAP.updateId, market: USDC.A_TOKEN, additionalData: '0x' },
    blockNumber: publishBlock,
    logIndex: 1,
    transactionHash: tx(1),
  },
  { address: AaveV3Arbitrum.POOL_CONFIGURATOR as Hex, abi: configuratorEvents as unknown as Abi, eventName: 'SupplyCapChanged', args: { asset: USDC.UNDERLYING, oldSupplyCap: USDC_CAP.before, newSupplyCap: USDC_CAP.after }, blockNumber: applyBlock, logIndex: 4, transactionHash: tx(2) },
  { address: AaveV3Arbitrum.EDGE_INJECTOR_CAPS as Hex, abi: injectorEvents as unknown as Abi, eventName: 'ActionSucceeded', args: { updateId: USDC_CAP.updateId }, blockNumber: applyBlock, logIndex: 5, transactionHash: tx(2) },
];

export const ARBITRUM_CHAIN: ScenarioChain = { chainId: '0xa4b1', head: ARBITRUM_HEAD, timeOf: arbitrumTimeOf, events: ARBITRUM_EVENTS };
