import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, zeroAddress } from 'viem';
import type { EvmCall, EvmResult } from '../../../upstream/clients/ethereumReader.js';
import { adaptiveCurveIrmAbi, morphoBlueAbi, vaultAbi } from '../abi.js';
import { MORPHO_BLUE } from '../deployment.js';
import { curveBorrowRate, type SuppliedMarket, utilization } from './adaptiveCurve.js';

/*
 * The reads behind a vault's rate, as calls for the shared reader's rounds and decoders of their
 * answers. A vault supplies only to the markets of its withdraw queue (MetaMorpho: totalAssets sums
 * them; metamorpho src/MetaMorpho.sol), which holds at most MAX_QUEUE_LENGTH = 30 ids
 * (ConstantsLib.sol) and is read slot by slot (`withdrawQueue(i)`, a public array's getter).
 */

/** ConstantsLib.MAX_QUEUE_LENGTH. */
export const MAX_QUEUE_LENGTH = 30;

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });

/**
 * The queue's length and all 30 slots: the reader lets each call fail on its own, so the slots past
 * the length revert (an array getter's out-of-bounds panic) without costing a round. Pure.
 */
export const queueCalls = (vault: Address): EvmCall[] => [
  call(vault, encodeFunctionData({ abi: vaultAbi, functionName: 'withdrawQueueLength' })),
  ...Array.from({ length: MAX_QUEUE_LENGTH }, (_, index) => call(vault, encodeFunctionData({ abi: vaultAbi, functionName: 'withdrawQueue', args: [BigInt(index)] }))),
];
/** Calls in queueCalls: the length and every slot. */
export const QUEUE_CALLS = MAX_QUEUE_LENGTH + 1;

/** The queue's ids from queueCalls' answers; undefined when the length or a slot below it did not answer. Pure. */
export function decodeQueue(results: readonly (EvmResult | undefined)[]): Hex[] | undefined {
  const [length, ...slots] = results;
  if (!length?.success) return undefined;
  const count = Number(decodeFunctionResult({ abi: vaultAbi, functionName: 'withdrawQueueLength', data: length.returnData }));
  if (count > MAX_QUEUE_LENGTH) return undefined;
  const ids: Hex[] = [];
  for (const slot of slots.slice(0, count)) {
    if (!slot?.success) return undefined;
    ids.push(decodeFunctionResult({ abi: vaultAbi, functionName: 'withdrawQueue', data: slot.returnData }));
  }
  return ids;
}

export const sameQueue = (a: readonly Hex[], b: readonly Hex[]): boolean => a.length === b.length && a.every((id, index) => id.toLowerCase() === b[index]!.toLowerCase());

/** Calls per market in marketRateCalls. */
export const MARKET_CALLS = 4;

/**
 * Per market of the queue: its totals and fee, the vault's position, its parameters (for its IRM)
 * and the chain's AdaptiveCurveIrm's rateAtTarget. The IRM is asked before the parameters name it
 * (they arrive in the same round); for a market on another IRM that answer is for an id the
 * AdaptiveCurveIrm never stored, and marketsOfQueue ignores it. Pure.
 */
export const marketRateCalls = (ids: readonly Hex[], vault: Address, irm: Address): EvmCall[] =>
  ids.flatMap((id) => [
    call(MORPHO_BLUE, encodeFunctionData({ abi: morphoBlueAbi, functionName: 'market', args: [id] })),
    call(MORPHO_BLUE, encodeFunctionData({ abi: morphoBlueAbi, functionName: 'position', args: [id, vault] })),
    call(MORPHO_BLUE, encodeFunctionData({ abi: morphoBlueAbi, functionName: 'idToMarketParams', args: [id] })),
    call(irm, encodeFunctionData({ abi: adaptiveCurveIrmAbi, functionName: 'rateAtTarget', args: [id] })),
  ]);

/**
 * The markets of the queue as vaultGrossRate wants them. A market's borrow rate is the curve's when
 * its IRM is the chain's AdaptiveCurveIrm, 0 when it has none (Morpho._accrueInterest accrues
 * nothing without an IRM: the idle market), and unknown for any other IRM (the vault's rate is then
 * not stated; only these two are enabled on the chains read today). Undefined when a market's totals
 * or the vault's position there did not answer: without them no weight is known. Pure.
 */
export function marketsOfQueue(ids: readonly Hex[], results: readonly (EvmResult | undefined)[], irm: Address): SuppliedMarket[] | undefined {
  const markets: SuppliedMarket[] = [];
  for (let index = 0; index < ids.length; index++) {
    const [market, position, params, rateAtTarget] = results.slice(index * MARKET_CALLS, (index + 1) * MARKET_CALLS);
    if (!market?.success || !position?.success) return undefined;
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, , , fee] = decodeFunctionResult({ abi: morphoBlueAbi, functionName: 'market', data: market.returnData });
    const [vaultSupplyShares] = decodeFunctionResult({ abi: morphoBlueAbi, functionName: 'position', data: position.returnData });
    const marketIrm = params?.success ? decodeFunctionResult({ abi: morphoBlueAbi, functionName: 'idToMarketParams', data: params.returnData })[3] : undefined;
    let borrowRate: bigint | undefined;
    if (marketIrm?.toLowerCase() === zeroAddress) borrowRate = 0n;
    else if (marketIrm?.toLowerCase() === irm.toLowerCase() && rateAtTarget?.success) {
      const stored = decodeFunctionResult({ abi: adaptiveCurveIrmAbi, functionName: 'rateAtTarget', data: rateAtTarget.returnData });
      borrowRate = curveBorrowRate(stored, utilization(totalBorrowAssets, totalSupplyAssets));
    }
    markets.push({ totalSupplyAssets, totalSupplyShares, totalBorrowAssets, fee, vaultSupplyShares, borrowRate });
  }
  return markets;
}
