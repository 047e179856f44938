import { type Address, decodeFunctionResult } from 'viem';
import { type EvmResult, expectSuccess } from '../../upstream/clients/ethereumReader.js';
import type { LendingPoolAccountRead, LendingPoolReserveRead } from './accountRead.js';
import { oracleAbi, poolAbi, poolV30Abi } from './lendingPoolAbi.js';
import type { LendingPoolMarket } from './lendingPoolMarket.js';

/**
 * The user's eMode category from round two. v3.2+: the category's collateral config, bitmap and
 * label (3.6+: its ltvzero bitmap, when the market's rule asks it; 3.7+: whether it is isolated). v3.0: getEModeCategoryData, and the bitmap built from the reserves whose configuration
 * names this category (v3.0 has one category per reserve, collateral and borrowable alike). Pure.
 */
export function eModeOf(
  market: LendingPoolMarket,
  id: number,
  reserves: readonly Address[],
  answers: ReadonlyMap<string, EvmResult>,
  v30?: ReadonlyMap<string, { eModeCategory: number }>,
): LendingPoolAccountRead['eMode'] {
  if (market.version === 'v3.0') {
    const category = decodeFunctionResult({ abi: poolV30Abi, functionName: 'getEModeCategoryData', data: expectSuccess(answers.get(`eMode:${id}`), 'Pool.getEModeCategoryData') });
    const collateralBitmap = reserves.reduce((bitmap, asset, index) => (v30?.get(asset.toLowerCase())?.eModeCategory === id ? bitmap | (1n << BigInt(index)) : bitmap), 0n);
    const priceSource = BigInt(category.priceSource) === 0n ? undefined : category.priceSource;
    return { id, ...(category.label && { label: category.label }), ltv: category.ltv, liquidationThreshold: category.liquidationThreshold, collateralBitmap, ...(priceSource && { priceSource }) };
  }
  const config = decodeFunctionResult({ abi: poolAbi, functionName: 'getEModeCategoryCollateralConfig', data: expectSuccess(answers.get(`eModeConfig:${id}`), 'Pool.getEModeCategoryCollateralConfig') });
  const bitmap = decodeFunctionResult({ abi: poolAbi, functionName: 'getEModeCategoryCollateralBitmap', data: expectSuccess(answers.get(`eModeBitmap:${id}`), 'Pool.getEModeCategoryCollateralBitmap') });
  // The label only names the category: without it the category is still applied.
  const labelResult = answers.get(`eModeLabel:${id}`);
  const label = labelResult?.success ? decodeFunctionResult({ abi: poolAbi, functionName: 'getEModeCategoryLabel', data: labelResult.returnData }) : undefined;
  // A pool that reverts the ltvzero getter predates 3.6: its accounts follow the own-LTV rule.
  const ltvzeroResult = answers.get(`eModeLtvzero:${id}`);
  const ltvzeroBitmap = ltvzeroResult?.success ? decodeFunctionResult({ abi: poolAbi, functionName: 'getEModeCategoryLtvzeroBitmap', data: ltvzeroResult.returnData }) : undefined;
  // A pool that reverts the isolated getter predates 3.7: no category of it is isolated, and the flag is left unread.
  const isolatedResult = answers.get(`eModeIsolated:${id}`);
  const isolated = isolatedResult?.success ? decodeFunctionResult({ abi: poolAbi, functionName: 'getIsEModeCategoryIsolated', data: isolatedResult.returnData }) : undefined;
  return {
    id,
    ...(label && { label }),
    ltv: config.ltv,
    liquidationThreshold: config.liquidationThreshold,
    collateralBitmap: bitmap,
    ...(ltvzeroBitmap !== undefined && { ltvzeroBitmap }),
    ...(isolated !== undefined && { isolated }),
  };
}
/**
 * v3.0: the held reserves with the user's eMode category priced by the category's own price source,
 * as the pool values them (sparklend-v1-core GenericLogic.calculateUserAccountData: a reserve in the
 * user's category takes the source's price, collateral and debt alike). Only when this round asked
 * that very source (the shape named it) and it answered; otherwise the reserves keep their own
 * oracle prices for this scan, and the next one asks the source. Pure.
 */
export function withEModePrice(
  held: readonly LendingPoolReserveRead[],
  eMode: LendingPoolAccountRead['eMode'],
  answers: ReadonlyMap<string, EvmResult>,
  asked: Address | undefined,
): LendingPoolReserveRead[] {
  const source = eMode?.priceSource;
  const answer = eMode && answers.get(`eModePrice:${eMode.id}`);
  if (!eMode || !source || !asked || asked.toLowerCase() !== source.toLowerCase() || !answer?.success) return [...held];
  const price = decodeFunctionResult({ abi: oracleAbi, functionName: 'getAssetPrice', data: answer.returnData });
  return held.map((reserve) => (((eMode.collateralBitmap >> BigInt(reserve.id)) & 1n) === 1n ? { ...reserve, price } : reserve));
}
