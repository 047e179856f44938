import fc from 'fast-check';
import { decodeFunctionResult, encodeFunctionResult, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { dataProviderAbi, oracleAbi, poolAbi, rateStrategyAbi } from '../../shared/readers/lendingPool/lendingPoolAbi.js';
import { assetPricesOf, rateCurveBpsOf, reserveConfigurationOf, reserveDataOf, userReserveOf, virtualBalanceOf } from '../../shared/readers/lendingPool/reserveAnswers.js';

/*
 * The word-by-word readers of round two's fixed answers against viem's decoder on the same ABI
 * fragments (lendingPoolAbi.ts), over answers viem encodes: the same values, and a refusal wherever
 * viem refuses (an answer cut short, a bool word that is neither 0 nor 1).
 */
const uint = (bits: number) => fc.bigInt({ min: 0n, max: 2n ** BigInt(bits) - 1n });
const encode = (abi: readonly unknown[], functionName: string, result: unknown): Hex => encodeFunctionResult({ abi, functionName, result } as never);
const decode = (abi: readonly unknown[], functionName: string, data: Hex): unknown => decodeFunctionResult({ abi, functionName, data } as never);
const runs = { numRuns: 200 };

describe('round two’s answers read by word, as viem decodes them', () => {
  it('getUserReserveData', () => {
    fc.assert(
      fc.property(fc.tuple(uint(256), uint(256), uint(256), uint(256), uint(256), uint(256), uint(256), fc.integer({ min: 0, max: 2 ** 40 - 1 }), fc.boolean()), (values) => {
        const data = encode(dataProviderAbi, 'getUserReserveData', values);
        const viem = decode(dataProviderAbi, 'getUserReserveData', data) as readonly unknown[];
        expect(userReserveOf(data)).toEqual({ currentATokenBalance: viem[0], currentStableDebt: viem[1], currentVariableDebt: viem[2], stableBorrowRate: viem[5], usageAsCollateralEnabled: viem[8] });
      }),
      runs,
    );
  });

  it('getReserveConfigurationData and getReserveData', () => {
    fc.assert(
      fc.property(fc.tuple(uint(256), uint(256), uint(256), uint(256), uint(256), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean()), (values) => {
        const data = encode(dataProviderAbi, 'getReserveConfigurationData', values);
        const viem = decode(dataProviderAbi, 'getReserveConfigurationData', data) as readonly unknown[];
        expect(reserveConfigurationOf(data)).toEqual({ decimals: viem[0], ltv: viem[1], liquidationThreshold: viem[2], reserveFactor: viem[4] });
      }),
      runs,
    );
    fc.assert(
      fc.property(fc.tuple(...Array.from({ length: 11 }, () => uint(256)), fc.integer({ min: 0, max: 2 ** 40 - 1 })), (values) => {
        const data = encode(dataProviderAbi, 'getReserveData', values);
        const viem = decode(dataProviderAbi, 'getReserveData', data) as readonly unknown[];
        expect(reserveDataOf(data)).toEqual({ totalVariableDebt: viem[4], liquidityRate: viem[5], variableBorrowRate: viem[6] });
      }),
      runs,
    );
  });

  it('getAssetsPrices, getVirtualUnderlyingBalance and getInterestRateDataBps', () => {
    fc.assert(
      fc.property(fc.array(uint(256), { maxLength: 80 }), uint(128), fc.tuple(uint(16), uint(32), uint(32), uint(32)), (prices, virtual, [optimalUsageRatio, base, slope1, slope2]) => {
        const priceData = encode(oracleAbi, 'getAssetsPrices', prices);
        expect(assetPricesOf(priceData)).toEqual(decode(oracleAbi, 'getAssetsPrices', priceData));
        const virtualData = encode(poolAbi, 'getVirtualUnderlyingBalance', virtual);
        expect(virtualBalanceOf(virtualData)).toEqual(decode(poolAbi, 'getVirtualUnderlyingBalance', virtualData));
        const curve = { optimalUsageRatio: Number(optimalUsageRatio), baseVariableBorrowRate: Number(base), variableRateSlope1: Number(slope1), variableRateSlope2: Number(slope2) };
        const curveData = encode(rateStrategyAbi, 'getInterestRateDataBps', curve);
        expect(rateCurveBpsOf(curveData)).toEqual(decode(rateStrategyAbi, 'getInterestRateDataBps', curveData));
      }),
      runs,
    );
  });

  it('refuses what viem refuses: an answer a word short, a bool word of 2', () => {
    const user = encode(dataProviderAbi, 'getUserReserveData', [1n, 0n, 0n, 0n, 0n, 0n, 0n, 0, true]);
    const short = user.slice(0, -64) as Hex;
    expect(() => decode(dataProviderAbi, 'getUserReserveData', short)).toThrow();
    expect(() => userReserveOf(short)).toThrow();
    const notBool = `${user.slice(0, -1)}2` as Hex;
    expect(() => decode(dataProviderAbi, 'getUserReserveData', notBool)).toThrow();
    expect(() => userReserveOf(notBool)).toThrow();
    const config = encode(dataProviderAbi, 'getReserveConfigurationData', [18n, 8000n, 8250n, 10500n, 1000n, true, true, false, true, false]);
    const badFlag = `${config.slice(0, 2 + 64 * 7)}${'0'.repeat(63)}3${config.slice(2 + 64 * 8)}` as Hex;
    expect(() => decode(dataProviderAbi, 'getReserveConfigurationData', badFlag)).toThrow();
    expect(() => reserveConfigurationOf(badFlag)).toThrow();
    const data = encode(dataProviderAbi, 'getReserveData', Array.from({ length: 12 }, (_, index) => (index === 11 ? 1 : 1n)));
    expect(() => reserveDataOf(data.slice(0, -64) as Hex)).toThrow();
  });
});
