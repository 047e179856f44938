import type { Address } from 'viem';
import type { LendingPoolMarket, ReserveContracts } from '../../../readers/lendingPool/lendingPoolMarket.js';

/**
 * SparkLend on Ethereum (sparkdotfi/spark-address-registry src/SparkLend.sol @5348de2):
 * an Aave v3.0.x pool (README.md, Version), administered by the Spark SubProxy.
 */
export const SPARKLEND_ETHEREUM = {
  market: 'sparklend-ethereum',
  pool: '0xC13e21B648A5Ee794902342038FF3aDAB66BE987',
  addressesProvider: '0x02C3eA4e34C0cBd694D2adFa2c690EECbC1793eE',
  /** AAVE_ORACLE in the registry: USD prices, 8 decimals. */
  oracle: '0x8105f69D9C41644c6A0803fDA7D03Aa70996cFD9',
  /** PROTOCOL_DATA_PROVIDER; the reader asks the addresses provider for it each round (and checks it). */
  dataProvider: '0xFc21d6d146E6086B8359705C8b28512a983db0cb',
  /** UI_POOL_DATA_PROVIDER (src/SparkLend.sol @2934ba2): an empty wallet's one-call probe (uiUserReserves.ts). */
  uiPoolDataProvider: '0xF028c2F4b19898718fD0F77b9b881CbfdAa5e8Bb',
  poolConfigurator: '0x542DBa469bdE58FAeE189ffB60C6b49CE60E0738',
  /** CONFIG_ENGINE: the BGD listing engine Spark's payloads delegatecall (their LISTING_ENGINE()). */
  configEngine: '0x3254F7cd0565aA67eEdC86c2fB608BE48d5cCd78',
} as const satisfies Record<string, string>;

/**
 * The reserves SparkLend lists: symbol, spToken (the reserve's aToken) and interest-rate strategy.
 * Underlying tokens from the registry's src/Ethereum.sol, spTokens from its SparkLend.sol
 * (`<SYMBOL>_SPTOKEN`). Strategies from the newest spark-spells diff report (diffs/<date>-Ethereum-
 * 0xC13e…-pre_…-post.md, raw JSON `interestRateStrategy.to`, or the listing's `interestRateStrategy`)
 * that names one, dated beside it; GNO's and sDAI's strategies were set before the first report
 * (2023-08-16) and never changed since, so no report names them: undeclared. A spell after the
 * snapshot may have replaced any of them: the reader checks each against the chain (README.md).
 */
const RESERVES: readonly [asset: Address, symbol: string, spToken: Address, strategy?: Address][] = [
  ['0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'cbBTC', '0xb3973D459df38ae57797811F2A1fd061DA1BC123', '0x75a1397c72e2965447D2282Dd99eFC75cC080396'], // 20250417
  ['0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI', '0x4DEDf26112B3Ec8eC46e7E31EA5e123490B05B8B', '0x8a95998639A34462A1FdAaaA5506F66F90Ef2fDd'], // 20250821
  ['0xbf5495Efe5DB9ce00f80364C8B423567e58d2110', 'ezETH', '0xB131cD463d83782d4DE33e00e35EF034F0869bA1', '0xDe5Dde40E12763464dc859A9F03793988dE953FB'], // 20250320, listed
  ['0x6810e776880C02933D47DB1b9fc05908e5386b96', 'GNO', '0x7b481aCC9fDADDc9af2cBEA1Ff2342CB1733E50F'],
  ['0x8236a87084f8B84306f72007F36F2618A5634494', 'LBTC', '0xa9d4EcEBd48C282a70CfD3c469d6C8F178a5738E', '0xDe5Dde40E12763464dc859A9F03793988dE953FB'], // 20250320, listed
  ['0x6c3ea9036406852006290770BEdFcAbA0e23A0e8', 'PYUSD', '0x779224df1c756b4EDD899854F32a53E8c2B2ce5d', '0xDF7dedCfd522B1ee8da2c8526f642745800c8035'], // 20251113
  ['0xae78736Cd615f374D3085123A210448E74Fc6393', 'rETH', '0x9985dF20D7e9103ECBCeb16a84956434B6f06ae8', '0xc1077B2De7b328A84c66A3e419369F8537DC1cFe'], // 20240306
  ['0xA1290d69c65A6Fe4DF752f95823fae25cB99e5A7', 'rsETH', '0x856f1Ea78361140834FDCd0dB0b08079e4A45062', '0xDe5Dde40E12763464dc859A9F03793988dE953FB'], // 20250320, listed
  ['0x83F20F44975D03b1b09e64809B757c47f942BEeA', 'sDAI', '0x78f897F0fE2d3B5690EbAe7f19862DEacedF10a7'],
  ['0xa3931d71877C0E7a3148CB7Eb4463524FEc27fbD', 'sUSDS', '0x6715bc100A183cc65502F05845b589c1919ca3d3', '0xa8632b2f0A3C5327a77ee51a47A168B6490A7178'], // 20241017, listed
  ['0x18084fbA666a33d37592fA2633fD49a74DD93a88', 'tBTC', '0xce6Ca9cDce00a2b0c0d1dAC93894f4Bd2c960567', '0x75a1397c72e2965447D2282Dd99eFC75cC080396'], // 20250417
  ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC', '0x377C3bd93f2a2984E1E7bE6A5C22c525eD4A4815', '0x2961d766D71F33F6C5e6Ca8bA7d0Ca08E6452C92'], // 20250821
  ['0xdC035D45d973E3EC169d2276DDab16f1e407384F', 'USDS', '0xC02aB1A5eaA8d1B114EF786D9bde108cD4364359', '0x8a95998639A34462A1FdAaaA5506F66F90Ef2fDd'], // 20250821
  ['0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT', '0xe7dF13b8e3d6740fe17CBE928C7334243d86c92f', '0x4E494988E68e6Fc52309BE4937869e27F0C304AC'], // 20260423
  ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC', '0x4197ba364AE6698015AE5c1468f54087602715b2', '0xD2139d6d63Acb1e7Cc91cE32bbD86eFb17eBEe46'], // 20231115
  ['0xCd5fE23C85820F7B72D0926FC9b05b43E359b7ee', 'weETH', '0x3CFd5C0D4acAA8Faee335842e4f31159fc76B008', '0xDe5Dde40E12763464dc859A9F03793988dE953FB'], // 20240613, listed
  ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH', '0x59cD1C87501baa753d0B5B5Ab5D8416A45cD71DB', '0xDFB6206FfC5BA5B48D2852370ee6A1bf6887476a'], // 20260423
  ['0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', 'wstETH', '0x12B54025C112Aa61fAce2CDB7118740875A566E9', '0xDD94eC5C14407e0bd6760c8eBDcD4Ec1327D3656'], // 20250109
];

/** Symbols of the reserves, by lower-case address, so a scan asks symbol() of none of them. */
export const SPARKLEND_SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(RESERVES.map(([asset, symbol]) => [asset.toLowerCase(), symbol]));

/** Each declared reserve's spToken and strategy, by lower-case address: what a reader's first round two asks. */
export const SPARKLEND_DECLARED_CONTRACTS: Readonly<Record<string, ReserveContracts>> = Object.fromEntries(
  RESERVES.flatMap(([asset, , aToken, strategy]) => (strategy ? [[asset.toLowerCase(), { aToken, strategy }]] : [])),
);

/** SparkLend Ethereum as the shared lending-pool reader takes it: a v3.0 pool. */
export const SPARKLEND_ETHEREUM_MARKET: LendingPoolMarket = {
  protocol: 'spark',
  market: SPARKLEND_ETHEREUM.market,
  // Its positions name the chain and market (Position.chain, .market), as every lending market's do.
  chain: 'ethereum',
  version: 'v3.0',
  // v3.0: a reserve whose own LTV is 0 counts 0 in eMode too (lendingPoolMarket.ts).
  eModeLtvRule: 'ownLtvZero',
  pool: SPARKLEND_ETHEREUM.pool,
  addressesProvider: SPARKLEND_ETHEREUM.addressesProvider,
  uiPoolDataProvider: SPARKLEND_ETHEREUM.uiPoolDataProvider,
  oracle: SPARKLEND_ETHEREUM.oracle,
  knownSymbols: SPARKLEND_SYMBOLS,
  declaredReserveContracts: SPARKLEND_DECLARED_CONTRACTS,
};

/**
 * SparkLend on Gnosis Chain (sparkdotfi/spark-address-registry src/Gnosis.sol @5348de2): the same
 * v3.0 pool code, activated by the 2023-09-27 spell (sparkdotfi/spark-spells
 * diffs/20230927-Gnosis-0x2Dae…). Still listed by the registry, and still holding positions, but
 * winding down: the 2026-01-29 spell ("SparkLend - Deprecate Market Phase 1",
 * archive/20260129/SparkGnosis_20260129.sol @372770a) froze every reserve and set every reserve
 * factor to 50 %, so no new supply or borrow; repay, withdraw and liquidation go on, and further
 * phases move the positions left, which is why they are read.
 */
export const SPARKLEND_GNOSIS = {
  market: 'sparklend-gnosis',
  pool: '0x2Dae5307c5E3FD1CF5A72Cb6F698f915860607e0',
  addressesProvider: '0xA98DaCB3fC964A6A0d2ce3B77294241585EAbA6d',
  /** AAVE_ORACLE in Gnosis.sol: the same address as Ethereum's (same deployer and nonce), on its own chain. */
  oracle: '0x8105f69D9C41644c6A0803fDA7D03Aa70996cFD9',
  dataProvider: '0x2a002054A06546bB5a264D57A81347e23Af91D18',
  /** UI_POOL_DATA_PROVIDER in Gnosis.sol (the same address as Ethereum's). */
  uiPoolDataProvider: '0xF028c2F4b19898718fD0F77b9b881CbfdAa5e8Bb',
  poolConfigurator: '0x2Fc8823E1b967D474b47Ae0aD041c2ED562ab588',
} as const satisfies Record<string, string>;

/**
 * The Gnosis reserves' underlying tokens (Gnosis.sol token constants) with their on-chain symbols,
 * as the spells' diff report names them (spark-spells diffs/20260129-Gnosis-…-post.md @372770a).
 */
export const SPARKLEND_GNOSIS_SYMBOLS: Readonly<Record<string, string>> = {
  '0x9c58bacc331c9aa871afd802db6379a98e80cedb': 'GNO',
  '0x6a023ccd1ff6f2045c3309768ead9e68f978f6e1': 'WETH',
  '0x6c76971f98945ae98dd7d4dfca8711ebea946ea6': 'wstETH',
  '0xe91d153e0b41518a2ce8dd3d7944fa863463a97d': 'WXDAI',
  '0xaf204776c7245bf4147c2612bf6e5972ee483701': 'sDAI',
  '0xddafbb505ad214d7b80b1f830fccc89b60fb7a83': 'USDC',
  '0x2a22f9c3b484c3629090feed35f17ff8f88f76f0': 'USDC.e',
  '0x4ecaba5870353805a9f068101a40e0f32ed605c6': 'USDT',
  '0xcb444e90d8198415266c6a2724b7900fb12fc56e': 'EURe',
};

/** SparkLend Gnosis as the shared lending-pool reader takes it: a v3.0 pool on the gnosis upstream. Its strategies are not declared: a reader's first scan learns them. */
export const SPARKLEND_GNOSIS_MARKET: LendingPoolMarket = {
  protocol: 'spark',
  market: SPARKLEND_GNOSIS.market,
  chain: 'gnosis',
  version: 'v3.0',
  eModeLtvRule: 'ownLtvZero',
  pool: SPARKLEND_GNOSIS.pool,
  addressesProvider: SPARKLEND_GNOSIS.addressesProvider,
  uiPoolDataProvider: SPARKLEND_GNOSIS.uiPoolDataProvider,
  oracle: SPARKLEND_GNOSIS.oracle,
  knownSymbols: SPARKLEND_GNOSIS_SYMBOLS,
};
