import { AaveV3Base, AaveV3Optimism } from '@aave-dao/aave-address-book';
import { type Abi, encodePacked, type Hex, numberToHex, padHex } from 'viem';
import { configuratorEvents, injectorEvents, riskOracleEvents } from '../../../../shared/modules/aave/stewards/stewardEvents.js';
import type { ScenarioChain, ScenarioEvent } from '../../../support/logNode.js';

/*
 * SYNTHETIC Base and Optimism windows of the Aave stewards source: on each, an Edge cap update
 * published by the chain's RiskOracle and applied two minutes later by its EDGE_INJECTOR_CAPS, as
 * on Arbitrum (arbitrumScenario.ts). Real contracts (@aave-dao/aave-address-book 4.68.1 AaveV3Base,
 * AaveV3Optimism), events and encodings; the newValue layout is the caps injector's
 * (aave-v3-risk-stewards tests/AaveStewardsInjectorCaps.t.sol `_encode`: abi.encodePacked(uint256)
 * in the aToken's units). SYNTHETIC: blocks, times, transaction hashes, the heads, update ids and
 * the values. No public transaction of either injector was found to quote.
 */

/** 2026-11-21T12:00:00Z, the Ethereum recording's head time. */
export const L2_HEAD_TIME = 1_795_262_400n;

interface CapsUpdate {
  updateId: bigint;
  updateType: 'supplyCap' | 'borrowCap';
  asset: { UNDERLYING: string; A_TOKEN: string; decimals: number };
  symbol: string;
  before: bigint;
  after: bigint;
}

function capsChain(chainId: Hex, head: bigint, book: { EDGE_RISK_ORACLE: string; EDGE_INJECTOR_CAPS: string; POOL_CONFIGURATOR: string }, update: CapsUpdate, txBase: number): ScenarioChain {
  // OP-stack blocks every 2 s.
  const timeOf = (block: bigint): bigint => L2_HEAD_TIME - (head - block) * 2n;
  const publishBlock = head - 43_200n * 3n; // three days before the head
  const applyBlock = publishBlock + 60n; // two minutes later
  const tx = (n: number): Hex => padHex(numberToHex(txBase + n), { size: 32 });
  const capEvent = update.updateType === 'supplyCap' ? 'SupplyCapChanged' : 'BorrowCapChanged';
  const capArgs = update.updateType === 'supplyCap' ? { oldSupplyCap: update.before, newSupplyCap: update.after } : { oldBorrowCap: update.before, newBorrowCap: update.after };
  const events: ScenarioEvent[] = [
    {
      address: book.EDGE_RISK_ORACLE as Hex,
      abi: riskOracleEvents as unknown as Abi,
      eventName: 'ParameterUpdated',
      args: { referenceId: `synthetic-${update.symbol.toLowerCase()}-${update.updateType}`, newValue: encodePacked(['uint256'], [update.after * 10n ** BigInt(update.asset.decimals)]), previousValue: '0x', timestamp: timeOf(publishBlock), updateType: update.updateType, updateId: update.updateId, market: update.asset.A_TOKEN, additionalData: '0x' },
      blockNumber: publishBlock,
      logIndex: 2,
      transactionHash: tx(1),
    },
    { address: book.POOL_CONFIGURATOR as Hex, abi: configuratorEvents as unknown as Abi, eventName: capEvent, args: { asset: update.asset.UNDERLYING, ...capArgs }, blockNumber: applyBlock, logIndex: 7, transactionHash: tx(2) },
    { address: book.EDGE_INJECTOR_CAPS as Hex, abi: injectorEvents as unknown as Abi, eventName: 'ActionSucceeded', args: { updateId: update.updateId }, blockNumber: applyBlock, logIndex: 8, transactionHash: tx(2) },
  ];
  return { chainId, head, timeOf, events };
}

/** Base: cbBTC's supply cap raised 4,000 → 4,500 by the Edge caps injector. */
export const BASE_CAP: CapsUpdate = { updateId: 88_001n, updateType: 'supplyCap', asset: AaveV3Base.ASSETS.cbBTC, symbol: 'cbBTC', before: 4_000n, after: 4_500n };
export const BASE_CAPS_CHAIN = capsChain('0x2105', 38_500_000n, AaveV3Base, BASE_CAP, 0xba5e000);

/** Optimism: WETH's borrow cap raised 20,000 → 22,000 by the Edge caps injector. */
export const OPTIMISM_CAP: CapsUpdate = { updateId: 99_001n, updateType: 'borrowCap', asset: AaveV3Optimism.ASSETS.WETH, symbol: 'WETH', before: 20_000n, after: 22_000n };
export const OPTIMISM_CAPS_CHAIN = capsChain('0xa', 144_000_000n, AaveV3Optimism, OPTIMISM_CAP, 0x0b70000);
