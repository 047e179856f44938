import { type Abi, type Address, getAddress, type Hex } from 'viem';
import { adaptiveCurveIrmAbi, aggregatorAbi, morphoBlueAbi, oracleAbi, vaultAbi } from '../../../shared/modules/morpho/abi.js';
import { BASE, MORPHO_BLUE } from '../../../shared/modules/morpho/deployment.js';
import { ADAPTIVE_CURVE_IRM, BASE_BLUE_MARKETS, BASE_USD_FEEDS, BLUE_MARKETS, marketId, USD_FEEDS } from '../../../shared/modules/morpho/exposure/blueMarkets.js';
import type { MarketParams } from '../../../shared/modules/morpho/readVaultGovernance.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import type { FakeEvmState, InnerCall } from '../../support/fakeEvmNode.js';

/*
 * A SYNTHETIC wallet for the exposure's tests (no real account's full Morpho state at one block
 * was published; test/fixtures/upstream/ethereum/evm-exposure.md says why for every EVM exposure):
 * 9,500 shares of the Spark DAI vault worth 10,000 DAI, and on Morpho Blue's USDC/wstETH 86 %
 * market 10 wstETH of collateral against 20,000 USDC of debt at a wstETH price of 4,000 USDC; on
 * Base, optionally, Moonwell Flagship USDC shares worth 5,000 USDC.
 * The vaults' queues, the markets' totals and fees, the vaults' supply there and the IRM's rates at
 * target are synthetic too; the markets' parameters on Ethereum are the real sUSDe/DAI ones
 * (exposure/blueMarkets.ts), the Base cbBTC/USDC market's oracle is made up.
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

/** A yearly rate as the IRM stores it: per second, WAD, int256(x ether) / 365 days. */
export const perSecond = (yearlyPercent: bigint): bigint => (yearlyPercent * 10n ** 16n) / 31_536_000n;

/** A market of a vault's queue: its totals, the vault's supply shares there, the IRM's stored rate at target. */
interface QueueMarket {
  params: MarketParams;
  totals: readonly [bigint, bigint, bigint, bigint, bigint, bigint];
  vaultShares: bigint;
  rateAtTarget: bigint;
}

const DAI = 10n ** 18n;
const SHARE = 10n ** 6n;
/**
 * The Spark DAI vault's queue: sUSDe/DAI 86 % at the target utilization (90 %), no market fee, the
 * vault supplying 60 M DAI, rate at target 5 %; sUSDe/DAI 91.5 % at 95 % utilization, a 5 % market
 * fee, the vault supplying 40 M DAI, rate at target 4 %.
 */
export const SPARK_DAI_QUEUE: readonly QueueMarket[] = [
  { params: BLUE_MARKETS[2]!, totals: [100_000_000n * DAI, 100_000_000n * DAI * SHARE, 90_000_000n * DAI, 90_000_000n * DAI * SHARE, 1_700_000_000n, 0n], vaultShares: 60_000_000n * DAI * SHARE, rateAtTarget: perSecond(5n) },
  { params: BLUE_MARKETS[3]!, totals: [50_000_000n * DAI, 50_000_000n * DAI * SHARE, 47_500_000n * DAI, 47_500_000n * DAI * SHARE, 1_700_000_000n, 5n * 10n ** 16n], vaultShares: 40_000_000n * DAI * SHARE, rateAtTarget: perSecond(4n) },
];

const is = (call: InnerCall, address: string) => call.target.toLowerCase() === address.toLowerCase();
const abi = (value: readonly unknown[]) => value as unknown as Abi;
const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

export interface VaultHolding {
  vault: Address;
  shares: bigint;
  /** What all the shares convert to. */
  assets: bigint;
  fee: bigint;
  queue: readonly QueueMarket[];
}

export interface ChainOptions {
  /** The IRM's rateAtTarget reverts: the vault's rate is then not known. */
  rateAtTargetReverts?: boolean;
  /** The queue the node answers for the held vault, when not the holding's own (an allocator changed it). */
  queue?: readonly QueueMarket[];
}

/**
 * The answers of one chain for a holder of `holding` (and, on Ethereum, of the Blue borrow above):
 * the listed vaults' balances, fees and queues, the markets' totals, positions, parameters and
 * rates at target, the oracles and the Chainlink feeds.
 */
function chainState(chainId: Hex, irm: Address, holding: VaultHolding | undefined, options: ChainOptions, blue: (call: InnerCall) => ReturnType<NonNullable<FakeEvmState['answer']>>): FakeEvmState {
  // Read at each call: a test may change the queue between scans, as an allocator would.
  const queueNow = () => (holding ? (options.queue ?? holding.queue) : []);
  const queueMarket = (id: unknown) => [...(holding?.queue ?? []), ...queueNow()].find((market) => same(id, marketId(market.params)));
  return {
    chainId,
    answer(call: InnerCall) {
      const queue = queueNow();
      const held = holding !== undefined && is(call, holding.vault);
      switch (call.functionName) {
        case 'getBlockNumber':
          return { abi: abi(multicall3Abi), result: BLOCK };
        case 'balanceOf':
          return { abi: abi(vaultAbi), result: held && call.args[0] === HOLDER ? holding.shares : 0n };
        case 'fee':
          return { abi: abi(vaultAbi), result: held ? holding.fee : 0n };
        case 'convertToAssets':
          return held ? { abi: abi(vaultAbi), result: ((call.args[0] as bigint) * holding.assets) / holding.shares } : undefined;
        case 'withdrawQueueLength':
          return { abi: abi(vaultAbi), result: held ? BigInt(queue.length) : 0n };
        case 'withdrawQueue': {
          // Past the length, the array getter reverts.
          const market = held ? queue[Number(call.args[0])] : undefined;
          return market ? { abi: abi(vaultAbi), result: marketId(market.params) } : undefined;
        }
        case 'rateAtTarget': {
          const market = queueMarket(call.args[0]);
          if (!is(call, irm) || options.rateAtTargetReverts) return undefined;
          return { abi: abi(adaptiveCurveIrmAbi), result: market?.rateAtTarget ?? 0n };
        }
        case 'idToMarketParams': {
          const market = queueMarket(call.args[0]);
          return market ? { abi: abi(morphoBlueAbi), result: [market.params.loanToken, market.params.collateralToken, market.params.oracle, market.params.irm, market.params.lltv] } : undefined;
        }
      }
      if (is(call, MORPHO_BLUE) && (call.functionName === 'market' || call.functionName === 'position')) {
        const market = queueMarket(call.args[0]);
        if (market && call.functionName === 'market') return { abi: abi(morphoBlueAbi), result: market.totals };
        if (market && holding && same(call.args[1], holding.vault)) return { abi: abi(morphoBlueAbi), result: [market.vaultShares, 0n, 0n] };
      }
      return blue(call);
    },
  };
}

export const SPARK_DAI_HOLDING: VaultHolding = { vault: SPARK_DAI_VAULT, shares: SHARES, assets: ASSETS, fee: VAULT_FEE, queue: SPARK_DAI_QUEUE };

/** The Ethereum answers: the Spark DAI holding (unless `vaultShares` is 0) and the USDC/wstETH borrow. */
export const holderState = (options: { vaultShares?: bigint } & ChainOptions = {}): FakeEvmState =>
  chainState('0x1', ADAPTIVE_CURVE_IRM.ethereum, options.vaultShares === 0n ? undefined : { ...SPARK_DAI_HOLDING, shares: options.vaultShares ?? SHARES }, options, (call) => {
    if (is(call, MORPHO_BLUE) && call.functionName === 'position') {
      return { abi: abi(morphoBlueAbi), result: call.args[0] === USDC_WSTETH_ID && call.args[1] === HOLDER ? [0n, BORROW_SHARES, COLLATERAL] : [0n, 0n, 0n] };
    }
    if (is(call, MORPHO_BLUE) && call.functionName === 'market') return { abi: abi(morphoBlueAbi), result: [5_000_000n * 10n ** 6n, 5_000_000n * 10n ** 12n, TOTAL_BORROW_ASSETS, TOTAL_BORROW_SHARES, 1_700_000_000n, 0n] };
    if (call.functionName === 'price') return is(call, USDC_WSTETH.oracle) ? { abi: abi(oracleAbi), result: PRICE } : { abi: abi(oracleAbi), result: 10n ** 36n };
    if (call.functionName === 'latestRoundData') {
      const answer = is(call, USD_FEEDS.WETH!) ? 272_804_000_000n : is(call, USD_FEEDS.WBTC!) ? 9_000_000_000_000n : 100_000_000n;
      return { abi: abi(aggregatorAbi), result: [1n, answer, 1_700_000_000n, 1_700_000_000n, 1n] };
    }
    return undefined;
  });

const BASE_USDC = BASE.vaults[0]!.asset;
const USDC = 10n ** 6n;
/** Base: an idle USDC market (no IRM: it earns nothing) and a cbBTC/USDC 86 % market with a SYNTHETIC oracle address. */
export const BASE_QUEUE: readonly QueueMarket[] = [
  { params: { loanToken: BASE_USDC, collateralToken: '0x0000000000000000000000000000000000000000', oracle: '0x0000000000000000000000000000000000000000', irm: '0x0000000000000000000000000000000000000000', lltv: 0n }, totals: [1_000_000n * USDC, 1_000_000n * USDC * SHARE, 0n, 0n, 1_700_000_000n, 0n], vaultShares: 1_000_000n * USDC * SHARE, rateAtTarget: 0n },
  { params: { loanToken: BASE_USDC, collateralToken: '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', oracle: '0x2222222222222222222222222222222222222222', irm: ADAPTIVE_CURVE_IRM.base, lltv: 860_000_000_000_000_000n }, totals: [20_000_000n * USDC, 20_000_000n * USDC * SHARE, 18_000_000n * USDC, 18_000_000n * USDC * SHARE, 1_700_000_000n, 0n], vaultShares: 9_000_000n * USDC * SHARE, rateAtTarget: perSecond(6n) },
];
/** Moonwell Flagship USDC on Base: 4,800 shares (18 decimals) worth 5,000 USDC, a 15 % fee. */
export const MOONWELL_USDC_HOLDING: VaultHolding = { vault: BASE.vaults[0]!.address, shares: 4_800n * 10n ** 18n, assets: 5_000n * USDC, fee: 15n * 10n ** 16n, queue: BASE_QUEUE };

/**
 * A SYNTHETIC borrow on Base's cbBTC/USDC 86 % Blue market (its real parameters, blueMarkets.ts):
 * 1 cbBTC (8 decimals) against 50,000 USDC of debt, the oracle pricing 1 cbBTC at 90,000 USDC
 * (Blue's oracle scale: loan units per collateral unit × 1e36). Every Base Blue market answers the
 * same SYNTHETIC totals: 10 M USDC supplied, 8 M borrowed, shares at 1e6 per unit.
 */
export const BASE_BLUE_BORROW = { collateral: 10n ** 8n, borrowShares: 50_000n * USDC * SHARE, price: (90_000n * USDC * 10n ** 36n) / 10n ** 8n };
const BASE_BLUE_TOTALS = [10_000_000n * USDC, 10_000_000n * USDC * SHARE, 8_000_000n * USDC, 8_000_000n * USDC * SHARE, 1_700_000_000n, 0n] as const;

/** The Base answers: the listed vaults (held: `holding`, else none), the Base Blue markets (with `blueBorrow`, the borrow above) and the Base USDC and ETH feeds. */
export const baseHolderState = (holding?: VaultHolding, options: ChainOptions & { blueBorrow?: boolean } = {}): FakeEvmState =>
  chainState('0x2105', ADAPTIVE_CURVE_IRM.base, holding, options, (call) => {
    const cbBtcUsdc = BASE_BLUE_MARKETS[0]!;
    if (is(call, MORPHO_BLUE) && call.functionName === 'position') {
      const borrowing = options.blueBorrow && same(call.args[0], marketId(cbBtcUsdc)) && same(call.args[1], HOLDER);
      return { abi: abi(morphoBlueAbi), result: borrowing ? [0n, BASE_BLUE_BORROW.borrowShares, BASE_BLUE_BORROW.collateral] : [0n, 0n, 0n] };
    }
    if (is(call, MORPHO_BLUE) && call.functionName === 'market') return { abi: abi(morphoBlueAbi), result: [...BASE_BLUE_TOTALS] };
    if (call.functionName === 'price') return { abi: abi(oracleAbi), result: is(call, cbBtcUsdc.oracle) ? BASE_BLUE_BORROW.price : 10n ** 36n };
    if (call.functionName !== 'latestRoundData') return undefined;
    const answer = is(call, BASE_USD_FEEDS.WETH!) ? 272_804_000_000n : 100_000_000n;
    return { abi: abi(aggregatorAbi), result: [1n, answer, 1_700_000_000n, 1_700_000_000n, 1n] };
  });
