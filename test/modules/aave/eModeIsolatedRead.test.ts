import { type Abi, decodeFunctionData, getAddress, type Hex, maxUint256, toFunctionSelector } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { aaveExposure } from '../../../shared/modules/aave/exposure/aaveExposure.js';
import { CORE_ONLY } from '../../../shared/modules/aave/exposure/markets.js';
import { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi, rateStrategyAbi } from '../../../shared/readers/lendingPool/lendingPoolAbi.js';
import { applyToCollateral } from '../../../shared/simulate/lendingEffects.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../../shared/upstream/upstreams.js';
import type { SyntheticState } from '../../exposure/syntheticChain.js';
import { captureScans } from '../../exposure/syntheticEvmWallet.js';
import { snapshotAbi } from '../../oracles/support/aaveV37Abis.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';

/*
 * A 3.7 eMode category's isolated flag, read in round two beside the category's other reads
 * (IPool.getIsEModeCategoryIsolated(uint8), aave-v3-origin @4fbd744), over the replay server: the
 * exchanges are those of a SYNTHETIC chain whose 3.7 answer is encoded with the ABI compiled from
 * the 3.7 sources (test/fixtures/abis/aave-v3-origin-IPool@4fbd744.json). No published list says
 * which markets run 3.7, so every `ltvzeroBitmap` pool is asked; one that predates 3.7 reverts
 * the call, which leaves the category not isolated and the scan whole.
 */
const wallet: Wallet = { kind: 'evm', address: '0x2f0EA53F92252167d658963f334a91de0824e322' };
const WETH = getAddress('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
const WSTETH = getAddress('0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0');
const USDC = getAddress('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48');
const RESERVES = [WETH, WSTETH, USDC];
const pool37 = snapshotAbi('IPool') as Abi;
const ISOLATED_SELECTOR = toFunctionSelector('getIsEModeCategoryIsolated(uint8)');

/** In eMode category 1 (wstETH its only collateral member) with WETH and wstETH as collateral, borrowing USDC; `isolated` undefined: the pool reverts the 3.7 getter. */
function chain(isolated: boolean | undefined): SyntheticState {
  const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();
  const result = (abi: readonly unknown[], value: unknown) => ({ abi: abi as Abi, result: value });
  return {
    answer(_target, functionName, args) {
      switch (functionName) {
        case 'getBlockNumber':
          return result(multicall3Abi, 21_000_000n);
        case 'getUserAccountData':
          return result(poolAbi, [9_000n * 10n ** 8n, 4_000n * 10n ** 8n, 0n, 0n, 0n, 2n * 10n ** 18n]);
        case 'getReservesList':
          return result(poolAbi, RESERVES);
        case 'getUserEMode':
          return result(poolAbi, 1n);
        case 'getPoolDataProvider':
          return result(addressesProviderAbi, getAddress('0x0a16f2FCC0D44FaE41cc54e079281D84A363bECD'));
        case 'getUserReserveData': {
          const [aToken, debt, collateral] = same(args[0], USDC) ? [0n, 4_000n * 10n ** 6n, false] : [10n ** 18n, 0n, true];
          return result(dataProviderAbi, [aToken, 0n, debt, 0n, 0n, 0n, 0n, 0, collateral]);
        }
        case 'getReserveConfigurationData':
          return result(dataProviderAbi, [same(args[0], USDC) ? 6n : 18n, 8000n, 8300n, 10500n, 1000n, true, true, false, true, false]);
        case 'getReserveData':
          return result(dataProviderAbi, [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 10n ** 27n, 10n ** 27n, 0]);
        case 'getAssetsPrices':
          return result(oracleAbi, (args[0] as string[]).map((asset) => (same(asset, USDC) ? 10n ** 8n : 3_000n * 10n ** 8n)));
        case 'getEModeCategoryCollateralConfig':
          return result(poolAbi, { ltv: 9_300, liquidationThreshold: 9_500, liquidationBonus: 10_100 });
        case 'getEModeCategoryCollateralBitmap':
          return result(poolAbi, 0b10n);
        case 'getEModeCategoryLabel':
          return result(poolAbi, 'ETH correlated');
        case 'getEModeCategoryLtvzeroBitmap':
          return result(poolAbi, 0n);
        case 'getIsEModeCategoryIsolated':
          return isolated === undefined ? undefined : result(pool37, isolated);
        default:
          return undefined;
      }
    },
  };
}

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
const read = (upstreams: Upstreams) => aaveExposure({ markets: CORE_ONLY }).readPositions(wallet, { signal: new AbortController().signal, now: new Date('2026-11-25T12:00:00Z'), upstreams });

/** The synthetic chain's exchanges served by the replay server, read there; with each HTTP request's inner calls. */
async function readOverReplay(isolated: boolean | undefined) {
  const { fixture } = await captureScans(1, read, chain(isolated));
  server = await startReplayServer({ fixtures: [fixture] });
  const requests: Hex[][] = [];
  const upstreams = createUpstreams({
    endpoints: server.endpoints,
    policy: COUNTING_POLICY,
    env: {},
    fetch: (input, init) => {
      const calls = [JSON.parse(String(init?.body))].flat() as { method: string; params?: [{ data: Hex }] }[];
      const aggregate = calls.find((call) => call.method === 'eth_call');
      if (aggregate) requests.push((decodeFunctionData({ abi: multicall3Abi, data: aggregate.params![0].data }).args[0] as readonly { callData: Hex }[]).map(({ callData }) => callData));
      return fetch(input, init);
    },
  });
  const positions = await read(upstreams);
  return { positions, requests, misses: server.misses.length };
}

describe('the eMode category’s 3.7 isolated flag, read over the replay server', () => {
  it('reads an isolated category from a 3.7 pool in round two, no request more, and the account counts WETH outside it at LTV 0', async () => {
    const { positions, requests, misses } = await readOverReplay(true);
    expect(misses).toBe(0);
    expect(requests).toHaveLength(2);
    // Asked once, in the second round beside the category's config, bitmap, label and ltvzero bitmap.
    expect(requests.map((calls) => calls.filter((data) => data.startsWith(ISOLATED_SELECTOR)).length)).toEqual([0, 1]);
    const account = positions[0]!.inputs.account!;
    expect(account.eMode).toEqual({ id: 1, label: 'ETH correlated', ltv: 9_300, liquidationThreshold: 9_500, ltvRule: 'ltvzeroBitmap', isolated: true });
    expect(applyToCollateral(account, []).map(({ collateral, before }) => [collateral.asset, before.ltv])).toEqual([
      ['WETH', 0],
      ['wstETH', 9_300],
    ]);
  });

  it('reads a 3.7 category that is not isolated as such', async () => {
    const { positions } = await readOverReplay(false);
    expect(positions[0]!.inputs.account!.eMode).toMatchObject({ id: 1, isolated: false });
  });

  it('leaves the category not isolated, and every position read, where the pool predates 3.7 and reverts the getter', async () => {
    const { positions, requests, misses } = await readOverReplay(undefined);
    expect(misses).toBe(0);
    expect(requests).toHaveLength(2);
    expect(positions.map(({ position }) => position.id)).toEqual(['aave-v3-ethereum-weth-supply', 'aave-v3-ethereum-wsteth-supply', 'aave-v3-ethereum-usdc-borrow']);
    const account = positions[0]!.inputs.account!;
    expect(account.eMode).toEqual({ id: 1, label: 'ETH correlated', ltv: 9_300, liquidationThreshold: 9_500, ltvRule: 'ltvzeroBitmap' });
    expect(applyToCollateral(account, []).map(({ collateral, before }) => [collateral.asset, before.ltv])).toEqual([
      ['WETH', 8_000],
      ['wstETH', 9_300],
    ]);
  });
});
