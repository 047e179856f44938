import { type Address, type Hex, toFunctionSelector } from 'viem';
import { addressWord, callData, wordAt } from '../../upstream/clients/abiWords.js';
import type { EvmCall, EvmResult } from '../../upstream/clients/evmCall.js';
import { uiPoolDataProviderAbi } from './lendingPoolAbi.js';

/*
 * A wallet's balances in every reserve of a market in one call: UiPoolDataProviderV3
 * .getUserReservesData(provider, user), which walks the pool's own getReservesList (aave-v3-origin
 * src/contracts/helpers/UiPoolDataProviderV3.sol). An empty wallet's scan asks only this of each
 * market, instead of the pool's reserve list, the account totals and one getUserReserveData per
 * reserve: one call where a large market took seventy.
 */

const GET_USER_RESERVES_DATA: Hex = toFunctionSelector(uiPoolDataProviderAbi[0]);

/** The call for `user` in the market of `addressesProvider`. Pure. */
export const uiUserReservesCall = (uiPoolDataProvider: Address, addressesProvider: Address, user: Address): EvmCall => ({
  target: uiPoolDataProvider,
  callData: callData(GET_USER_RESERVES_DATA, addressWord(addressesProvider), addressWord(user)),
});

/** What a getUserReservesData answer says: nothing held, something held, or nothing we can read (a revert, another layout). */
export type UiProbeVerdict = 'empty' | 'holds' | 'unread';

/**
 * Read by word, since the answer is `(UserReserveData[], uint8)` whose elements are static tuples
 * laid out in place, and two layouts are deployed: seven words each up to aave-v3-origin 3.1 (asset,
 * scaled aToken balance, collateral flag, stable rate, scaled variable debt, principal stable debt,
 * its timestamp; the address book's IUiPoolDataProvider) and four from 3.2, stable debt removed
 * (asset, scaled aToken balance, collateral flag, scaled variable debt). The element size is what the
 * answer's length gives. Empty when every word but each element's asset is zero: a collateral flag
 * left on a zero balance, or any word we do not know, counts as holding, which costs a full read of
 * the market and never a position. Pure.
 */
export function uiProbeVerdict(result: EvmResult | undefined): UiProbeVerdict {
  if (!result?.success) return 'unread';
  const data = result.returnData;
  const words = (data.length - 2) / 64;
  if (!Number.isInteger(words) || words < 3 || wordAt(data, 0) !== 64n) return 'unread';
  const length = Number(wordAt(data, 2));
  if (length === 0) return words === 3 ? 'empty' : 'unread';
  const stride = (words - 3) / length;
  if (!Number.isInteger(stride) || stride < 4) return 'unread';
  for (let element = 0; element < length; element++) {
    // Past the element's asset word: every hex digit of the other words must be '0'.
    const from = 2 + 64 * (3 + element * stride + 1);
    const to = from + 64 * (stride - 1);
    for (let at = from; at < to; at++) if (data.charCodeAt(at) !== 48) return 'holds';
  }
  return 'empty';
}
