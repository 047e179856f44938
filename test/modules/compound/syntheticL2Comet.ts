import { type Abi, getAddress } from 'viem';
import { cometAbi } from '../../../shared/modules/compound/exposure/exposureAbi.js';
import type { SyntheticState } from '../../exposure/syntheticChain.js';
import { HOLDER, holderState, same } from '../../exposure/syntheticEvmWallet.js';
import { readAddressSnapshot } from '../../fixtures/addresses/addressSnapshot.js';

/*
 * SYNTHETIC: the synthetic evm holder (test/exposure/syntheticEvmWallet.ts: a USDC supply in
 * Ethereum's USDC Comet, Aave on Ethereum, Arbitrum and Base…) with, besides, an account in
 * Arbitrum's USDC Comet: 3 WETH of collateral against 4,000 USDC borrowed. No real account's full
 * Comet state was published, so the balances, prices and utilization are made up; what is not made
 * up is taken from compound-finance/comet @d5a30b0 through the address snapshot
 * (test/fixtures/addresses/compound.json): the Comet proxy (deployments/arbitrum/usdc/roots.json),
 * its base token and feed, its four collaterals in their configuration order and WETH's feed
 * (deployments/arbitrum/usdc/configuration.json), whose factors and rate curve are copied below.
 * Every answer is encoded with the Comet's own ABI (exposureAbi.ts) by the synthetic chain. Never
 * written to test/fixtures; never asserted as a fact about Arbitrum.
 */

const snapshot = readAddressSnapshot('compound');
const at = (entry: string) => getAddress(snapshot.entries[entry]!.address);

export const ARBITRUM_USDC_COMET = at('comet:arbitrum:usdc');
export const ARBITRUM_USDC = at('l2config:arbitrum:usdc:baseToken');
export const ARBITRUM_WETH = at('token:arbitrum:WETH');
const BASE_FEED = at('l2config:arbitrum:usdc:baseTokenPriceFeed');
const WETH_FEED = at('l2config:arbitrum:usdc:WETH:priceFeed');
/** A feed for the three collaterals the holder does not use (their real feeds are not in the snapshot). */
const OTHER_FEED = getAddress('0x4444444444444444444444444444444444444444');

const E18 = 10n ** 18n;
/** configuration.json `assets`, in its order (the Comet's offsets): ARB, GMX, WETH, WBTC with borrowCF, liquidateCF, liquidationFactor. */
const ASSETS = [
  { asset: at('token:arbitrum:ARB'), priceFeed: OTHER_FEED, scale: E18, borrowCollateralFactor: 55n * 10n ** 16n, liquidateCollateralFactor: 60n * 10n ** 16n, liquidationFactor: 93n * 10n ** 16n },
  { asset: at('token:arbitrum:GMX'), priceFeed: OTHER_FEED, scale: E18, borrowCollateralFactor: 40n * 10n ** 16n, liquidateCollateralFactor: 45n * 10n ** 16n, liquidationFactor: 93n * 10n ** 16n },
  { asset: ARBITRUM_WETH, priceFeed: WETH_FEED, scale: E18, borrowCollateralFactor: 78n * 10n ** 16n, liquidateCollateralFactor: 85n * 10n ** 16n, liquidationFactor: 95n * 10n ** 16n },
  { asset: at('token:arbitrum:WBTC'), priceFeed: OTHER_FEED, scale: 10n ** 8n, borrowCollateralFactor: 70n * 10n ** 16n, liquidateCollateralFactor: 77n * 10n ** 16n, liquidationFactor: 95n * 10n ** 16n },
];
export const WETH_OFFSET = 2;

/** Comet's constructor divides each yearly rate by SECONDS_PER_YEAR (Comet.sol); configuration.json `rates`. */
const perSecond = (perYear: bigint): bigint => perYear / 31_536_000n;
const RATES: Readonly<Record<string, bigint>> = {
  supplyKink: 8n * 10n ** 17n,
  supplyPerSecondInterestRateSlopeLow: perSecond(325n * 10n ** 14n),
  supplyPerSecondInterestRateSlopeHigh: perSecond(4n * 10n ** 17n),
  supplyPerSecondInterestRateBase: 0n,
  borrowKink: 8n * 10n ** 17n,
  borrowPerSecondInterestRateSlopeLow: perSecond(35n * 10n ** 15n),
  borrowPerSecondInterestRateSlopeHigh: perSecond(25n * 10n ** 16n),
  borrowPerSecondInterestRateBase: perSecond(15n * 10n ** 15n),
};

/** The holder's Arbitrum account (synthetic): 3 WETH at $3,000 against 4,000 USDC at $1, utilization 85 %. */
export const L2_HOLDING = { wethCollateral: 3n * E18, usdcBorrowed: 4_000n * 10n ** 6n, wethPrice: 3_000n * 10n ** 8n, utilization: 85n * 10n ** 16n } as const;

const result = (value: unknown) => ({ abi: cometAbi as unknown as Abi, result: value });

/** Answers Arbitrum's USDC Comet as above; every other call as the synthetic evm holder. */
export const l2CometHolderState: SyntheticState = {
  answer(target, functionName, args, block, chain = 'ethereum') {
    if (chain !== 'arbitrum' || !same(target, ARBITRUM_USDC_COMET)) return holderState.answer(target, functionName, args, block, chain);
    switch (functionName) {
      case 'balanceOf':
        return result(0n);
      case 'borrowBalanceOf':
        return result(L2_HOLDING.usdcBorrowed);
      case 'userBasic':
        return result([-L2_HOLDING.usdcBorrowed, 0n, 0n, 1 << WETH_OFFSET, 0]);
      case 'baseToken':
        return result(ARBITRUM_USDC);
      case 'decimals':
        return result(6);
      case 'getUtilization':
        return result(L2_HOLDING.utilization);
      case 'baseTokenPriceFeed':
        return result(BASE_FEED);
      case 'getAssetInfo': {
        const offset = args[0] as number;
        // Past numAssets Comet reverts (BadAsset).
        return offset < ASSETS.length ? result({ offset, ...ASSETS[offset]!, supplyCap: 0n }) : undefined;
      }
      case 'collateralBalanceOf':
        return result(same(args[0], HOLDER) && same(args[1], ARBITRUM_WETH) ? L2_HOLDING.wethCollateral : 0n);
      case 'getPrice':
        return result(same(args[0], WETH_FEED) ? L2_HOLDING.wethPrice : 10n ** 8n);
      default:
        return functionName in RATES ? result(RATES[functionName]) : undefined;
    }
  },
  logs: holderState.logs,
};
