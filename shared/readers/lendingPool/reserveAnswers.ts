import type { Hex } from 'viem';
import { wordAt } from '../../upstream/clients/abiWords.js';
import type { RateCurveBps } from './rateModel.js';

/*
 * Round two's fixed-layout answers of a held reserve, read word by word (abiWords.ts says why): the
 * ABI fragments are lendingPoolAbi.ts's (PoolDataProvider, Pool, AaveOracle, the v3.2+ strategy),
 * every output a static word, so the n-th output is the n-th word. Each reader checks what viem's
 * decoder checked before it: the answer's length (wordAt throws past its end) and that a bool is 0
 * or 1. Equal to decodeFunctionResult on the same fragments (test/exposure/reserveAnswers.test.ts). Pure.
 */

function boolAt(data: Hex, index: number): boolean {
  const value = wordAt(data, index);
  if (value > 1n) throw new Error(`ABI answer: word ${index} is not a bool`);
  return value === 1n;
}

/** PoolDataProvider.getUserReserveData: nine outputs. */
export function userReserveOf(data: Hex) {
  return {
    currentATokenBalance: wordAt(data, 0),
    currentStableDebt: wordAt(data, 1),
    currentVariableDebt: wordAt(data, 2),
    stableBorrowRate: wordAt(data, 5),
    usageAsCollateralEnabled: boolAt(data, 8),
  };
}

/** PoolDataProvider.getReserveConfigurationData: ten outputs, the last five bools. */
export function reserveConfigurationOf(data: Hex) {
  for (let index = 5; index < 10; index++) boolAt(data, index);
  return { decimals: wordAt(data, 0), ltv: wordAt(data, 1), liquidationThreshold: wordAt(data, 2), reserveFactor: wordAt(data, 4) };
}

/** PoolDataProvider.getReserveData: twelve outputs. */
export function reserveDataOf(data: Hex) {
  wordAt(data, 11);
  return { totalVariableDebt: wordAt(data, 4), liquidityRate: wordAt(data, 5), variableBorrowRate: wordAt(data, 6) };
}

/** Pool.getVirtualUnderlyingBalance: one uint128. */
export const virtualBalanceOf = (data: Hex): bigint => wordAt(data, 0);

/** AaveOracle.getAssetsPrices: a uint256[] (its offset, its length, then the prices in the order asked). */
export function assetPricesOf(data: Hex): bigint[] {
  const offset = Number(wordAt(data, 0)) / 32;
  if (!Number.isInteger(offset)) throw new Error('ABI answer: uint256[] offset is not word-aligned');
  const length = Number(wordAt(data, offset));
  return Array.from({ length }, (_, index) => wordAt(data, offset + 1 + index));
}

/** The v3.2+ strategy's getInterestRateDataBps: one static tuple of four small integers. */
export function rateCurveBpsOf(data: Hex): RateCurveBps {
  return { optimalUsageRatio: Number(wordAt(data, 0)), baseVariableBorrowRate: Number(wordAt(data, 1)), variableRateSlope1: Number(wordAt(data, 2)), variableRateSlope2: Number(wordAt(data, 3)) };
}
