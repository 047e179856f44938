import { encodeFunctionResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { decodeEngineView, KEEP_CURRENT } from '../../../shared/readers/configEngine/decodeEngineView.js';
import type { EngineView } from '../../../shared/readers/configEngine/engineLayouts.js';

/*
 * Each era's structs, transcribed here from their sources apart from the decoder's table
 * (shared/modules/aave/engineLayouts.ts): A bgd-labs/aave-helpers 6b382304, B aave-helpers 88ccbc4e,
 * C aave-dao/aave-v3-origin v3.1.0, D v3.2.0, E v3.4.0, F v3.6.0, G 4fbd7442 (v3.7.0).
 * Values marked "real" are from aave-proposals-v3 payloads; the others are SYNTHETIC test vectors.
 */
const KC = KEEP_CURRENT;
const WBTC_POLYGON = '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6';
const EURS_POLYGON = '0xE111178A87A3BFf0c8d18DECBa5798827539Ae99';
const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';

/** `view` returning `fields` structs, encoded with `entries`. */
function encoded(view: EngineView, structs: string[], entries: unknown[]) {
  const abi = parseAbi([...structs, `function ${view}() view returns (Entry[])`] as string[]);
  return encodeFunctionResult({ abi, functionName: view, result: entries } as never);
}
const entry = (fields: string) => `struct Entry { ${fields} }`;

describe('decodeEngineView', () => {
  describe('CollateralUpdate', () => {
    const fields = {
      A: 'address asset; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 debtCeiling; uint256 liqProtocolFee; uint256 eModeCategory;',
      'B-F': 'address asset; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 debtCeiling; uint256 liqProtocolFee;',
      G: 'address asset; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 liqProtocolFee;',
    };
    it('reads era A’s seven words, eModeCategory included (synthetic)', () => {
      const data = encoded('collateralsUpdates', [entry(fields.A)], [{ asset: WBTC_POLYGON, ltv: 7000n, liqThreshold: 7500n, liqBonus: 650n, debtCeiling: KC, liqProtocolFee: 1000n, eModeCategory: 2n }]);
      expect(decodeEngineView('collateralsUpdates', data)).toMatchObject({ layout: { eras: 'A' }, entries: [{ liqBonus: 650n, eModeCategory: 2n }] });
    });
    it('reads eras B to F’s six words: Polygon payload 138’s WBTC bonus (real, F)', () => {
      const data = encoded('collateralsUpdates', [entry(fields['B-F'])], [{ asset: WBTC_POLYGON, ltv: KC, liqThreshold: KC, liqBonus: 850n, debtCeiling: KC, liqProtocolFee: KC }]);
      expect(decodeEngineView('collateralsUpdates', data)).toMatchObject({ layout: { eras: 'B-F' }, entries: [{ asset: WBTC_POLYGON, ltv: KC, liqBonus: 850n, liqProtocolFee: KC }] });
    });
    it('reads era G’s five words (synthetic)', () => {
      const data = encoded('collateralsUpdates', [entry(fields.G)], [{ asset: WBTC_POLYGON, ltv: 7300n, liqThreshold: 7800n, liqBonus: 850n, liqProtocolFee: KC }]);
      expect(decodeEngineView('collateralsUpdates', data)).toMatchObject({ layout: { eras: 'G' }, entries: [{ liqThreshold: 7800n, liqBonus: 850n }] });
    });
    it('rejects an entry out of range rather than guess: a bps field above 10000', () => {
      const data = encoded('collateralsUpdates', [entry(fields['B-F'])], [{ asset: WBTC_POLYGON, ltv: 7000n, liqThreshold: 12_000n, liqBonus: 500n, debtCeiling: 0n, liqProtocolFee: 0n }]);
      expect(decodeEngineView('collateralsUpdates', data)).toBeUndefined();
    });
  });

  describe('BorrowUpdate', () => {
    it('reads eras A to C’s seven words, stable rate in the fourth (synthetic)', () => {
      const data = encoded(
        'borrowsUpdates',
        [entry('address asset; uint256 enabledToBorrow; uint256 flashloanable; uint256 stableRateModeEnabled; uint256 borrowableInIsolation; uint256 withSiloedBorrowing; uint256 reserveFactor;')],
        [{ asset: EURS_POLYGON, enabledToBorrow: 1n, flashloanable: KC, stableRateModeEnabled: 0n, borrowableInIsolation: KC, withSiloedBorrowing: KC, reserveFactor: 2000n }],
      );
      expect(decodeEngineView('borrowsUpdates', data)).toMatchObject({ layout: { eras: 'A-C' }, entries: [{ stableRateModeEnabled: 0n, reserveFactor: 2000n }] });
    });
    it('reads eras D to F’s six words: Polygon payload 138’s EURS reserve factor (real, F)', () => {
      const data = encoded(
        'borrowsUpdates',
        [entry('address asset; uint256 enabledToBorrow; uint256 flashloanable; uint256 borrowableInIsolation; uint256 withSiloedBorrowing; uint256 reserveFactor;')],
        [{ asset: EURS_POLYGON, enabledToBorrow: KC, flashloanable: KC, borrowableInIsolation: KC, withSiloedBorrowing: KC, reserveFactor: 9900n }],
      );
      expect(decodeEngineView('borrowsUpdates', data)).toMatchObject({ layout: { eras: 'D-F' }, entries: [{ asset: EURS_POLYGON, reserveFactor: 9900n }] });
    });
    it('reads era G’s four words (synthetic)', () => {
      const data = encoded('borrowsUpdates', [entry('address asset; uint256 enabledToBorrow; uint256 flashloanable; uint256 reserveFactor;')], [{ asset: EURS_POLYGON, enabledToBorrow: 0n, flashloanable: 1n, reserveFactor: 5000n }]);
      expect(decodeEngineView('borrowsUpdates', data)).toMatchObject({ layout: { eras: 'G' }, entries: [{ reserveFactor: 5000n }] });
    });
    it('rejects a flag that is neither 0, 1 nor KEEP_CURRENT', () => {
      const data = encoded('borrowsUpdates', [entry('address asset; uint256 enabledToBorrow; uint256 flashloanable; uint256 reserveFactor;')], [{ asset: EURS_POLYGON, enabledToBorrow: 2n, flashloanable: 1n, reserveFactor: 5000n }]);
      expect(decodeEngineView('borrowsUpdates', data)).toBeUndefined();
    });
  });

  describe('RateStrategyUpdate', () => {
    it('reads eras A and B’s ten words in ray (synthetic)', () => {
      const ray = (percent: bigint) => percent * 10n ** 25n;
      const data = encoded(
        'rateStrategiesUpdates',
        [
          'struct Rates { uint256 optimalUsageRatio; uint256 baseVariableBorrowRate; uint256 variableRateSlope1; uint256 variableRateSlope2; uint256 stableRateSlope1; uint256 stableRateSlope2; uint256 baseStableRateOffset; uint256 stableRateExcessOffset; uint256 optimalStableToTotalDebtRatio; }',
          entry('address asset; Rates params;'),
        ],
        [{ asset: USDC_BASE, params: { optimalUsageRatio: ray(90n), baseVariableBorrowRate: 0n, variableRateSlope1: ray(6n), variableRateSlope2: KC, stableRateSlope1: KC, stableRateSlope2: KC, baseStableRateOffset: KC, stableRateExcessOffset: KC, optimalStableToTotalDebtRatio: KC } }],
      );
      expect(decodeEngineView('rateStrategiesUpdates', data)).toMatchObject({ layout: { eras: 'A-B', rates: 'ray' }, entries: [{ params: { variableRateSlope1: ray(6n) } }] });
    });
    it('reads eras C onward’s five words in bps: Base payload 62’s USDC slope1 (real, D)', () => {
      const data = encoded(
        'rateStrategiesUpdates',
        ['struct Rates { uint256 optimalUsageRatio; uint256 baseVariableBorrowRate; uint256 variableRateSlope1; uint256 variableRateSlope2; }', entry('address asset; Rates params;')],
        [{ asset: USDC_BASE, params: { optimalUsageRatio: KC, baseVariableBorrowRate: KC, variableRateSlope1: 650n, variableRateSlope2: KC } }],
      );
      expect(decodeEngineView('rateStrategiesUpdates', data)).toMatchObject({ layout: { eras: 'C-G', rates: 'bps' }, entries: [{ asset: USDC_BASE, params: { variableRateSlope1: 650n } }] });
    });
  });

  describe('AssetEModeUpdate', () => {
    const update = { asset: USDC_BASE, eModeCategory: 1, borrowable: 1n, collateral: 0n, ltvzero: KC };
    it('reads eras B and C’s two words (synthetic)', () => {
      const data = encoded('assetsEModeUpdates', [entry('address asset; uint8 eModeCategory;')], [{ asset: USDC_BASE, eModeCategory: 1 }]);
      expect(decodeEngineView('assetsEModeUpdates', data)).toMatchObject({ layout: { eras: 'B-C' }, entries: [{ eModeCategory: 1 }] });
    });
    it('reads eras D and E’s four words (synthetic)', () => {
      const data = encoded('assetsEModeUpdates', [entry('address asset; uint8 eModeCategory; uint256 borrowable; uint256 collateral;')], [update]);
      expect(decodeEngineView('assetsEModeUpdates', data)).toMatchObject({ layout: { eras: 'D-E' }, entries: [{ borrowable: 1n, collateral: 0n }] });
    });
    it('reads eras F and G’s five words, ltvzero included (synthetic)', () => {
      const data = encoded('assetsEModeUpdates', [entry('address asset; uint8 eModeCategory; uint256 borrowable; uint256 collateral; uint256 ltvzero;')], [update]);
      expect(decodeEngineView('assetsEModeUpdates', data)).toMatchObject({ layout: { eras: 'F-G' }, entries: [{ collateral: 0n, ltvzero: KC }] });
    });
  });

  describe('CapsUpdate', () => {
    it('reads its three words in every era: Ink Whitelabel USDT0 and USDC caps (real)', () => {
      const data = encoded('capsUpdates', [entry('address asset; uint256 supplyCap; uint256 borrowCap;')], [
        { asset: '0x0200C29006150606B650577BBE7B6248F58470c1', supplyCap: 375_000_000n, borrowCap: 340_000_000n },
        { asset: '0x2D270e6886d130D724215A266106e6832161EAEd', supplyCap: 250_000_000n, borrowCap: 225_000_000n },
      ]);
      expect(decodeEngineView('capsUpdates', data)).toMatchObject({ layout: { eras: 'A-G' }, entries: [{ supplyCap: 375_000_000n }, { borrowCap: 225_000_000n }] });
    });
    it('reads an empty array, which every layout encodes alike', () => {
      const data = encoded('capsUpdates', [entry('address asset; uint256 supplyCap; uint256 borrowCap;')], []);
      expect(decodeEngineView('capsUpdates', data)).toEqual({ view: 'capsUpdates', entries: [] });
    });
    it('rejects words per entry no layout has', () => {
      const data = encoded('capsUpdates', [entry('address asset; uint256 supplyCap; uint256 borrowCap; uint256 extra;')], [{ asset: USDC_BASE, supplyCap: 1n, borrowCap: 1n, extra: 1n }]);
      expect(decodeEngineView('capsUpdates', data)).toBeUndefined();
    });
  });

  describe('EModeCategoryUpdate', () => {
    it('reads eras B and C, with priceSource (synthetic)', () => {
      const data = encoded('eModeCategoriesUpdates', [entry('uint8 eModeCategory; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; address priceSource; string label;')], [
        { eModeCategory: 1, ltv: 9300n, liqThreshold: 9500n, liqBonus: 100n, priceSource: '0x0000000000000000000000000000000000000050', label: 'KEEP_CURRENT_STRING' },
      ]);
      expect(decodeEngineView('eModeCategoriesUpdates', data)).toMatchObject({ layout: { eras: 'B-C' }, entries: [{ eModeCategory: 1, ltv: 9300n }] });
    });
    it('reads eras D to F, without it (synthetic)', () => {
      const data = encoded('eModeCategoriesUpdates', [entry('uint8 eModeCategory; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; string label;')], [{ eModeCategory: 11, ltv: 9000n, liqThreshold: 9200n, liqBonus: 400n, label: 'SyrupUSDC__USDC_GHO' }]);
      expect(decodeEngineView('eModeCategoriesUpdates', data)).toMatchObject({ layout: { eras: 'D-F' }, entries: [{ eModeCategory: 11, liqBonus: 400n }] });
    });
    it('reads era G, isolated last (synthetic)', () => {
      const data = encoded('eModeCategoriesUpdates', [entry('uint8 eModeCategory; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; string label; uint256 isolated;')], [{ eModeCategory: 11, ltv: KC, liqThreshold: 9200n, liqBonus: KC, label: 'x', isolated: 1n }]);
      expect(decodeEngineView('eModeCategoriesUpdates', data)).toMatchObject({ layout: { eras: 'G' }, entries: [{ liqThreshold: 9200n, isolated: 1n }] });
    });
    it('rejects an eMode id beyond uint8', () => {
      const data = encoded('eModeCategoriesUpdates', [entry('uint256 eModeCategory; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; string label;')], [{ eModeCategory: 300n, ltv: 9000n, liqThreshold: 9200n, liqBonus: 400n, label: 'x' }]);
      expect(decodeEngineView('eModeCategoriesUpdates', data)).toBeUndefined();
    });
  });

  it('reads the syrupUSDC listing of Base payload 95 with the D-F layout (real, F)', () => {
    const data = encoded(
      'newListings',
      [
        'struct Rates { uint256 optimalUsageRatio; uint256 baseVariableBorrowRate; uint256 variableRateSlope1; uint256 variableRateSlope2; }',
        entry(
          'address asset; string assetSymbol; address priceFeed; Rates rateStrategyParams; uint256 enabledToBorrow; uint256 borrowableInIsolation; uint256 withSiloedBorrowing; uint256 flashloanable; uint256 ltv; uint256 liqThreshold; uint256 liqBonus; uint256 reserveFactor; uint256 supplyCap; uint256 borrowCap; uint256 debtCeiling; uint256 liqProtocolFee;',
        ),
      ],
      [
        {
          asset: '0x660975730059246A68521a3e2FBD4740173100f5',
          assetSymbol: 'syrupUSDC',
          priceFeed: '0xa61f10Bb2f05A94728734A8a95673ADbCA9B8397',
          rateStrategyParams: { optimalUsageRatio: 4500n, baseVariableBorrowRate: 0n, variableRateSlope1: 1000n, variableRateSlope2: 30000n },
          enabledToBorrow: 0n,
          borrowableInIsolation: 0n,
          withSiloedBorrowing: 0n,
          flashloanable: 1n,
          ltv: 0n,
          liqThreshold: 0n,
          liqBonus: 0n,
          reserveFactor: 5000n,
          supplyCap: 50_000_000n,
          borrowCap: 1n,
          debtCeiling: 0n,
          liqProtocolFee: 0n,
        },
      ],
    );
    expect(decodeEngineView('newListings', data)).toMatchObject({ layout: { eras: 'D-F' }, entries: [{ assetSymbol: 'syrupUSDC', supplyCap: 50_000_000n, debtCeiling: 0n }] });
  });
});
