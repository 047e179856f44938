import { type Address, encodeAbiParameters, type Hex, keccak256 } from 'viem';
import { marketParamsAbi } from '../abi.js';
import type { MorphoChainName } from '../deployment.js';
import type { MarketParams } from '../readVaultGovernance.js';

/**
 * A Morpho Blue market's id: keccak256 of its five parameters, ABI-encoded (MarketParamsLib.id,
 * morpho-org/morpho-blue src/libraries/MarketParamsLib.sol). Pure.
 *
 * @example marketId(USDC_WSTETH_86) // '0xb323495f…86cc'
 */
export const marketId = (params: MarketParams): Hex =>
  keccak256(encodeAbiParameters(marketParamsAbi, [params.loanToken, params.collateralToken, params.oracle, params.irm, params.lltv]));

/**
 * The AdaptiveCurveIrm of each chain, the IRM of every market listed here and of the vaults' markets
 * (the Morpho DAO enabled it and the zero address, MIP rules; README.md §2): Ethereum
 * sparkdotfi/spark-address-registry src/Ethereum.sol `MORPHO_DEFAULT_IRM`; Base spark-spells
 * 20250109 test `BASE_MORPHO_DEFAULT_IRM`.
 */
export const ADAPTIVE_CURVE_IRM: Readonly<Record<MorphoChainName, Address>> = {
  ethereum: '0x870aC11D48B15DB9a138Cf899d20F13F79Ba00BC',
  base: '0x46415998764C29aB2a25CbeA6254146D50D22687',
};

/**
 * The Ethereum Morpho Blue markets whose positions the exposure reads (a fixed list: Blue has no
 * per-user index, and a scan cannot walk every market). Parameters from:
 * - USDC/wstETH 86 % and USDC/WBTC 86 %: morpho-org/sdks packages/morpho-test/src/fixtures/markets.ts;
 * - sUSDe/DAI 86 % and 91.5 %: the markets the Spark DAI vault supplies to, as Spark's spells name
 *   them (sparkdotfi/spark-spells src/proposals/20240530, oracle `MORPHO_SUSDE_ORACLE` of
 *   spark-address-registry src/Ethereum.sol).
 */
export const BLUE_MARKETS: readonly MarketParams[] = [
  { loanToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', collateralToken: '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', oracle: '0x48F7E36EB6B826B2dF4B2E630B62Cd25e89E40e2', irm: ADAPTIVE_CURVE_IRM.ethereum, lltv: 860_000_000_000_000_000n },
  { loanToken: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', collateralToken: '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', oracle: '0xDddd770BADd886dF3864029e4B377B5F6a2B6b83', irm: ADAPTIVE_CURVE_IRM.ethereum, lltv: 860_000_000_000_000_000n },
  { loanToken: '0x6B175474E89094C44Da98b954EedeAC495271d0F', collateralToken: '0x9D39A5DE30e57443BfF2A8307A4256c8797A3497', oracle: '0x5D916980D5Ae1737a8330Bf24dF812b2911Aae25', irm: ADAPTIVE_CURVE_IRM.ethereum, lltv: 860_000_000_000_000_000n },
  { loanToken: '0x6B175474E89094C44Da98b954EedeAC495271d0F', collateralToken: '0x9D39A5DE30e57443BfF2A8307A4256c8797A3497', oracle: '0x5D916980D5Ae1737a8330Bf24dF812b2911Aae25', irm: ADAPTIVE_CURVE_IRM.ethereum, lltv: 915_000_000_000_000_000n },
];

/**
 * Chainlink USD feeds (8 decimals) of the loan tokens and vault assets on Ethereum, to value
 * positions the way the lido exposure values stETH. Addresses as docs.chain.link lists them and
 * many public integrations quote them (README.md §Prices). WBTC is valued at BTC/USD: the WBTC/BTC
 * peg is not read.
 */
export const USD_FEEDS: Readonly<Record<string, Address>> = {
  USDC: '0x8fFfFfd4AfB6115b954Bd326cbe7B4BA576818f6',
  USDT: '0x3E7d1eAB13ad0104d2750B8863b489D65364e32D',
  DAI: '0xAed0c38402a5d19df6E4c03F4E2DceD6e29c1ee9',
  WETH: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
  WBTC: '0xF4030086522a5bEEa4988F8cA5B36dbC97BeE88c',
};

/**
 * Chainlink USD feeds (8 decimals) of the Base vaults' assets, as Aave's Base oracle uses them
 * (bgd-labs/aave-address-book src/ts/AaveV3Base.ts @005ad2e8: the ORACLE of WETH is ETH/USD, that
 * of USDbC is USDC/USD).
 */
export const BASE_USD_FEEDS: Readonly<Record<string, Address>> = {
  USDC: '0x7e860098F58bBFC8648a4311b374B1D669a2bc6B',
  WETH: '0x71041dddad3595F9CEd3DcCFBe3D1F4b0a16Bb70',
};

/**
 * The Base Morpho Blue markets whose positions the exposure reads: USDC loans against cbBTC and
 * against WETH, both 86 %, Base's largest (what the Base vaults listed here supply to). Parameters
 * as public integrations quote them (WETH/USDC: Henri-Guillet/Looping frontend/constants/index.js;
 * cbBTC/USDC: the same fields in many Base integrations found by its id); keccak256 of each is the
 * market id Morpho's app and API name it by, 0x9103c3b4…1836 and 0x8793cf30…1bda, which the tests
 * recompute.
 */
export const BASE_BLUE_MARKETS: readonly MarketParams[] = [
  { loanToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', collateralToken: '0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', oracle: '0x663BECd10daE6C4A3Dcd89F1d76c1174199639B9', irm: ADAPTIVE_CURVE_IRM.base, lltv: 860_000_000_000_000_000n },
  { loanToken: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', collateralToken: '0x4200000000000000000000000000000000000006', oracle: '0xFEa2D58cEfCb9fcb597723c6bAE66fFE4193aFE4', irm: ADAPTIVE_CURVE_IRM.base, lltv: 860_000_000_000_000_000n },
];

/** What the exposure reads on each chain: the Blue markets and the USD feeds. */
export const EXPOSURE_READS: Readonly<Record<MorphoChainName, { markets: readonly MarketParams[]; usdFeeds: Readonly<Record<string, Address>> }>> = {
  ethereum: { markets: BLUE_MARKETS, usdFeeds: USD_FEEDS },
  base: { markets: BASE_BLUE_MARKETS, usdFeeds: BASE_USD_FEEDS },
};
