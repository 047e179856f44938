import { type Abi, type Address, getAddress } from 'viem';
import { aggregatorAbi, morphoBlueAbi, oracleAbi, vaultAbi } from '../../../shared/modules/morpho/abi.js';
import { MORPHO_BLUE } from '../../../shared/modules/morpho/deployment.js';
import { BLUE_MARKETS, marketId, USD_FEEDS } from '../../../shared/modules/morpho/exposure/blueMarkets.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FakeEvmState, InnerCall } from './fakeEvmNode.js';

/*
 * A SYNTHETIC wallet for the exposure's tests (no real account's full Morpho state at one block
 * was published; test/fixtures/upstream/ethereum/evm-exposure.md says why for every EVM exposure):
 * 9,500 shares of the Spark DAI vault worth 10,000 DAI, and on Morpho Blue's USDC/wstETH 86 %
 * market 10 wstETH of collateral against 20,000 USDC of debt at a wstETH price of 4,000 USDC.
 * Only the ETH/USD answer is real (Chainlink at block 26,103,003, evm-exposure.md). Never written
 * to test/fixtures and never asserted as facts about a chain.
 */

export const HOLDER: Address = getAddress('0x1111111111111111111111111111111111111111');
export const BLOCK = 21_000_000n;
export const SPARK_DAI_VAULT: Address = '0x73e65DBD630f90604062f6E02fAb9138e713edD9';
export const SHARES = 9_500n * 10n ** 18n;
export const ASSETS = 10_000n * 10n ** 18n;
/** The vault's fee, WAD: 10 %. */
export const VAULT_FEE = 10n ** 17n;

const USDC_WSTETH = BLUE_MARKETS[0]!;
export const USDC_WSTETH_ID = marketId(USDC_WSTETH);
/** 10 wstETH (18 decimals). */
export const COLLATERAL = 10n * 10n ** 18n;
/** Borrow shares of 20,000 USDC when totals are 1,000,000 USDC for 1e18 shares (Blue's shares carry 6 more decimals). */
export const BORROW_SHARES = 20_000n * 10n ** 12n;
export const TOTAL_BORROW_ASSETS = 1_000_000n * 10n ** 6n;
export const TOTAL_BORROW_SHARES = 1_000_000n * 10n ** 12n;
/** One wstETH (1e18 units) in USDC units (1e6) × 1e36: 4,000 USDC. */
export const PRICE = 4_000n * 10n ** 6n * 10n ** 36n / 10n ** 18n;

export const holderState = (options: { vaultShares?: bigint } = {}): FakeEvmState => ({
  chainId: '0x1',
  answer(call: InnerCall) {
    const is = (address: string) => call.target.toLowerCase() === address.toLowerCase();
    const abi = (value: readonly unknown[]) => value as unknown as Abi;
    if (call.functionName === 'getBlockNumber') return { abi: abi(multicall3Abi), result: BLOCK };
    if (call.functionName === 'balanceOf') return { abi: abi(vaultAbi), result: is(SPARK_DAI_VAULT) && call.args[0] === HOLDER ? (options.vaultShares ?? SHARES) : 0n };
    if (call.functionName === 'fee') return { abi: abi(vaultAbi), result: is(SPARK_DAI_VAULT) ? VAULT_FEE : 0n };
    if (call.functionName === 'convertToAssets') return { abi: abi(vaultAbi), result: ((call.args[0] as bigint) * ASSETS) / SHARES };
    if (is(MORPHO_BLUE) && call.functionName === 'position') {
      return { abi: abi(morphoBlueAbi), result: call.args[0] === USDC_WSTETH_ID ? [0n, BORROW_SHARES, COLLATERAL] : [0n, 0n, 0n] };
    }
    if (is(MORPHO_BLUE) && call.functionName === 'market') return { abi: abi(morphoBlueAbi), result: [5_000_000n * 10n ** 6n, 5_000_000n * 10n ** 12n, TOTAL_BORROW_ASSETS, TOTAL_BORROW_SHARES, 1_700_000_000n, 0n] };
    if (call.functionName === 'price') return is(USDC_WSTETH.oracle) ? { abi: abi(oracleAbi), result: PRICE } : { abi: abi(oracleAbi), result: 10n ** 36n };
    if (call.functionName === 'latestRoundData') {
      const answer = is(USD_FEEDS.WETH!) ? 272_804_000_000n : is(USD_FEEDS.WBTC!) ? 9_000_000_000_000n : 100_000_000n;
      return { abi: abi(aggregatorAbi), result: [1n, answer, 1_700_000_000n, 1_700_000_000n, 1n] };
    }
    return undefined;
  },
});
