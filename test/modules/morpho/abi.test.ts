import { toEventSelector, toFunctionSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { morphoBlueAbi, oracleAbi, vaultAbi, vaultEvents } from '../../../shared/modules/morpho/abi.js';

/*
 * The ABI fragments against the selectors the research digest computed from the contracts' own
 * signatures (shared/research/morpho-spark.md §A1, §A3): a typo in a signature would silently read
 * nothing, so each one is pinned.
 */

describe('the MetaMorpho and Morpho Blue ABI fragments', () => {
  it('have the topic0 of EventsLib.sol’s events', () => {
    expect(Object.fromEntries(vaultEvents.map((event) => [event.name, toEventSelector(event)]))).toEqual({
      SubmitCap: '0xe851bb5856808a50efd748be463b8f35bcfb5ec74c5bfde776fe0a4d2a26db27',
      SetCap: '0xe86b6d3313d3098f4c5f689c935de8fde876a597c185def2cedab85efedac686',
      RevokePendingCap: '0x1026ceca5ed3747eb5edec555732d4a6f901ce1a875ecf981064628cadde1120',
      SubmitMarketRemoval: '0x3240fc70754c5a2b4dab10bf7081a00024bfc8491581ee3d355360ec0dd91f16',
      RevokePendingMarketRemoval: '0xcbeb8ecdaa5a3c133e62219b63bfc35bce3fda13065d2bed32e3b7dde60a59f4',
      SubmitTimelock: '0xb3aa0ade2442acf51d06713c2d1a5a3ec0373cce969d42b53f4689f97bccf380',
      SetTimelock: '0xd28e9b90ee9b37c5936ff84392d71f29ff18117d7e76bcee60615262a90a3f75',
      RevokePendingTimelock: '0x921828337692c347c634c5d2aacbc7b756014674bd236f3cc2058d8e284a951b',
      SubmitGuardian: '0x7633313af54753bce8a149927263b1a55eba857ba4ef1d13c6aee25d384d3c4b',
      SetGuardian: '0xcb11cc8aade2f5a556749d1b2380d108a16fac3431e6a5d5ce12ef9de0bd76e3',
      RevokePendingGuardian: '0xc40a085ccfa20f5fd518ade5c3a77a7ecbdfbb4c75efcdca6146a8e3c841d663',
      SetFee: '0x01fe2943baee27f47add82886c2200f910c749c461c9b63c5fe83901a53bdb49',
    });
  });

  it('have the selectors of the views', () => {
    const selectors = Object.fromEntries([...vaultAbi, ...morphoBlueAbi, ...oracleAbi].map((item) => [item.name, toFunctionSelector(item)]));
    expect(selectors).toMatchObject({
      pendingCap: '0xa31be5d6',
      pendingTimelock: '0x7cc4d9a1',
      pendingGuardian: '0x762c31ba',
      config: '0xcc718f76',
      timelock: '0xd33219b4',
      fee: '0xddca3f43',
      convertToAssets: '0x07a2d13a',
      position: '0x93c52062',
      market: '0x5c60e39a',
      idToMarketParams: '0x2c3c9157',
      price: '0xa035b1fe',
    });
  });
});
