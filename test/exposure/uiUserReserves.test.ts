import fc from 'fast-check';
import { type Abi, type AbiFunction, encodeFunctionResult, getAddress, type Hex, parseAbi, toFunctionSelector, zeroAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { dataProviderAbi, poolAbi, uiPoolDataProviderAbi } from '../../shared/readers/lendingPool/lendingPoolAbi.js';
import { uiProbeVerdict, uiUserReservesCall } from '../../shared/readers/lendingPool/uiUserReserves.js';
import { aaveExposure } from '../../shared/modules/aave/exposure/aaveExposure.js';
import { CORE_ONLY } from '../../shared/modules/aave/exposure/markets.js';
import type { Upstreams } from '../../shared/upstream/upstreams.js';
import { addressBookAbi } from '../support/publishedAbi.js';
import type { SyntheticState } from './syntheticChain.js';
import { captureScans, HOLDER, holderState } from './syntheticEvmWallet.js';

/*
 * The one-call probe of a wallet's balances in a market (UiPoolDataProviderV3.getUserReservesData),
 * against both layouts the provider has published: the address book's IUiPoolDataProvider (seven
 * words an element, stable debt included) and aave-v3-origin 3.2+'s (four; our fragment, as
 * src/contracts/helpers/interfaces/IUiPoolDataProviderV3.sol @fd1fbd9 declares UserReserveData).
 * Answers are encoded by viem from each ABI, never by the code under test.
 */

const bookAbi = await addressBookAbi('IUiPoolDataProvider');
const USER = getAddress('0x2f0EA53F92252167d658963f334a91de0824e322');
const PROVIDER = getAddress('0x2f39d218133AFaB8F2B819B1066c7E434Ad94E9e');
const UI = getAddress('0x2dAd8162A989cd99D673dE4425Bb2298Db1E1aA2');

const answerOf = (abi: Abi, elements: readonly Record<string, unknown>[], eMode: number): Hex =>
  encodeFunctionResult({ abi, functionName: 'getUserReservesData', result: [elements, eMode] } as never);

const amount = fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 2n ** 128n }));
const asset = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => getAddress(`0x${Buffer.from(bytes).toString('hex')}`));
const origin = fc.record({ underlyingAsset: asset, scaledATokenBalance: amount, usageAsCollateralEnabledOnUser: fc.boolean(), scaledVariableDebt: amount });
const legacy = fc.record({
  underlyingAsset: asset,
  scaledATokenBalance: amount,
  usageAsCollateralEnabledOnUser: fc.boolean(),
  stableBorrowRate: amount,
  scaledVariableDebt: amount,
  principalStableDebt: amount,
  stableBorrowLastUpdateTimestamp: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 2n ** 40n })),
});
/** What the probe must say: empty only when no element has a balance, a debt or a flag. */
const expected = (elements: readonly Record<string, unknown>[]) =>
  elements.every((element) => Object.entries(element).every(([name, value]) => name === 'underlyingAsset' || value === 0n || value === false)) ? 'empty' : 'holds';

describe('uiUserReservesCall', () => {
  it('calls getUserReservesData(provider, user) by the selector both published ABIs give', () => {
    const selector = toFunctionSelector(bookAbi.find((item): item is AbiFunction => item.type === 'function' && item.name === 'getUserReservesData')!);
    expect(toFunctionSelector(uiPoolDataProviderAbi[0])).toBe(selector);
    const call = uiUserReservesCall(UI, PROVIDER, USER);
    expect(call).toEqual({ target: UI, callData: `${selector}${PROVIDER.slice(2).toLowerCase().padStart(64, '0')}${USER.slice(2).toLowerCase().padStart(64, '0')}` });
  });
});

describe('uiProbeVerdict', () => {
  it('reads aave-v3-origin 3.2+ answers (four words an element): empty only with every balance, debt and flag zero', () => {
    fc.assert(
      fc.property(fc.array(origin, { maxLength: 70 }), fc.integer({ min: 0, max: 255 }), (elements, eMode) => {
        expect(uiProbeVerdict({ success: true, returnData: answerOf(uiPoolDataProviderAbi as unknown as Abi, elements, eMode) })).toBe(expected(elements));
      }),
      { numRuns: 300 },
    );
  });

  it('reads the address book’s layout (seven words an element, stable debt included) the same way', () => {
    fc.assert(
      fc.property(fc.array(legacy, { maxLength: 70 }), fc.integer({ min: 0, max: 255 }), (elements, eMode) => {
        expect(uiProbeVerdict({ success: true, returnData: answerOf(bookAbi, elements, eMode) })).toBe(expected(elements));
      }),
      { numRuns: 300 },
    );
  });

  it('finds a single word held anywhere in a large market, and an empty one as empty whatever its eMode category', () => {
    const empty = Array.from({ length: 66 }, (_, index) => ({ underlyingAsset: getAddress(`0x${(index + 1).toString(16).padStart(40, '0')}`), scaledATokenBalance: 0n, usageAsCollateralEnabledOnUser: false, scaledVariableDebt: 0n }));
    expect(uiProbeVerdict({ success: true, returnData: answerOf(uiPoolDataProviderAbi as unknown as Abi, empty, 3) })).toBe('empty');
    const held = empty.map((element, index) => (index === 65 ? { ...element, scaledVariableDebt: 1n } : element));
    expect(uiProbeVerdict({ success: true, returnData: answerOf(uiPoolDataProviderAbi as unknown as Abi, held, 0) })).toBe('holds');
    // A flag left on a zero balance counts as holding: a full read, never a missed position.
    const flagged = empty.map((element, index) => (index === 0 ? { ...element, usageAsCollateralEnabledOnUser: true } : element));
    expect(uiProbeVerdict({ success: true, returnData: answerOf(uiPoolDataProviderAbi as unknown as Abi, flagged, 0) })).toBe('holds');
    // The provider answers no element for the zero address, and a market that lists none.
    expect(uiProbeVerdict({ success: true, returnData: answerOf(uiPoolDataProviderAbi as unknown as Abi, [], 0) })).toBe('empty');
  });

  it('gives up (unread) on a revert, an answer cut short, a layout it cannot tell and no answer at all', () => {
    const one = answerOf(uiPoolDataProviderAbi as unknown as Abi, [{ underlyingAsset: zeroAddress, scaledATokenBalance: 0n, usageAsCollateralEnabledOnUser: false, scaledVariableDebt: 0n }], 0);
    expect(uiProbeVerdict({ success: false, returnData: '0x' })).toBe('unread');
    expect(uiProbeVerdict(undefined)).toBe('unread');
    // Cut by a word: an element of three words is no published layout.
    expect(uiProbeVerdict({ success: true, returnData: one.slice(0, -64) as Hex })).toBe('unread');
    expect(uiProbeVerdict({ success: true, returnData: one.slice(0, -1) as Hex })).toBe('unread');
    expect(uiProbeVerdict({ success: true, returnData: '0x' })).toBe('unread');
    // An array that is not where the head says.
    expect(uiProbeVerdict({ success: true, returnData: `0x${'0'.repeat(62)}60${one.slice(66)}` as Hex })).toBe('unread');
  });
});

describe('a market whose UI provider answers nothing readable (synthetic chain)', () => {
  const scanOf = (address: `0x${string}`) => (upstreams: Upstreams) => aaveExposure({ markets: CORE_ONLY }).readPositions({ kind: 'evm', address }, { signal: AbortSignal.timeout(10_000), now: new Date(), upstreams });
  const scan = scanOf(HOLDER);
  const broken: SyntheticState = {
    ...holderState,
    answer: (target, functionName, args, block, chain) =>
      functionName === 'getUserReservesData' ? { abi: parseAbi(['function getUserReservesData(address, address) view returns (uint256)']), result: 5n } : holderState.answer(target, functionName, args, block, chain),
  };
  /** The same chain for a wallet that holds nothing in it. */
  const brokenEmpty: SyntheticState = {
    answer: (target, functionName, args, block, chain) => {
      if (functionName === 'getUserReserveData') return { abi: dataProviderAbi as unknown as Abi, result: [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0, false] };
      if (functionName === 'getUserAccountData') return { abi: poolAbi as unknown as Abi, result: [0n, 0n, 0n, 0n, 0n, 2n ** 256n - 1n] };
      return broken.answer(target, functionName, args, block, chain);
    },
  };
  const requestsPerScan = async (scans: number, scanned: (upstreams: Upstreams) => Promise<unknown>, state = broken) => {
    const counts: number[] = [];
    const { results } = await captureScans(
      scans,
      async (upstreams) => {
        const read = await scanned(upstreams);
        counts.push(upstreams.counter.snapshot().ethereum.requests);
        return read;
      },
      state,
    );
    return { results, counts };
  };

  it('is read as before the probe: the same positions, and no request more once the reader knows the market', async () => {
    const plain = await captureScans(2, scan);
    const unread = await requestsPerScan(3, scan);
    const counts = unread.counts;
    expect(plain.results[0]!.map(({ position }) => position.id)).toEqual(['aave-v3-ethereum-weth-supply', 'aave-v3-ethereum-usdc-borrow']);
    expect(unread.results).toEqual([plain.results[0], plain.results[1], plain.results[1]]);
    // Cold: round one (with the probe) and round two; warm: one request each.
    expect(counts).toEqual([2, 3, 4]);
  });

  it('still finds an empty wallet empty, in one request a scan once the reader knows the market (the per-reserve probe)', async () => {
    const { results, counts } = await requestsPerScan(3, scan, brokenEmpty);
    expect(results).toEqual([[], [], []]);
    expect(counts).toEqual([2, 3, 4]);
  });
});
