import type { Address } from 'viem';
import type { LendingPoolMarket } from '../../../readers/lendingPool/lendingPoolMarket.js';

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
  poolConfigurator: '0x542DBa469bdE58FAeE189ffB60C6b49CE60E0738',
  /** CONFIG_ENGINE: the BGD listing engine Spark's payloads delegatecall (their LISTING_ENGINE()). */
  configEngine: '0x3254F7cd0565aA67eEdC86c2fB608BE48d5cCd78',
} as const satisfies Record<string, string>;

/**
 * Symbols of the reserves SparkLend lists (the registry's spToken pairs in SparkLend.sol, their
 * underlying tokens in src/Ethereum.sol), so a scan asks symbol() of none of them.
 */
export const SPARKLEND_SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'cbBTC'],
      ['0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI'],
      ['0xbf5495Efe5DB9ce00f80364C8B423567e58d2110', 'ezETH'],
      ['0x6810e776880C02933D47DB1b9fc05908e5386b96', 'GNO'],
      ['0x8236a87084f8B84306f72007F36F2618A5634494', 'LBTC'],
      ['0x6c3ea9036406852006290770BEdFcAbA0e23A0e8', 'PYUSD'],
      ['0xae78736Cd615f374D3085123A210448E74Fc6393', 'rETH'],
      ['0xA1290d69c65A6Fe4DF752f95823fae25cB99e5A7', 'rsETH'],
      ['0x83F20F44975D03b1b09e64809B757c47f942BEeA', 'sDAI'],
      ['0xa3931d71877C0E7a3148CB7Eb4463524FEc27fbD', 'sUSDS'],
      ['0x18084fbA666a33d37592fA2633fD49a74DD93a88', 'tBTC'],
      ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC'],
      ['0xdC035D45d973E3EC169d2276DDab16f1e407384F', 'USDS'],
      ['0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT'],
      ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC'],
      ['0xCd5fE23C85820F7B72D0926FC9b05b43E359b7ee', 'weETH'],
      ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH'],
      ['0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', 'wstETH'],
    ] as [Address, string][]
  ).map(([address, symbol]) => [address.toLowerCase(), symbol]),
);

/** SparkLend Ethereum as the shared lending-pool reader takes it: a v3.0 pool. */
export const SPARKLEND_ETHEREUM_MARKET: LendingPoolMarket = {
  protocol: 'spark',
  market: SPARKLEND_ETHEREUM.market,
  version: 'v3.0',
  pool: SPARKLEND_ETHEREUM.pool,
  addressesProvider: SPARKLEND_ETHEREUM.addressesProvider,
  oracle: SPARKLEND_ETHEREUM.oracle,
  knownSymbols: SPARKLEND_SYMBOLS,
};
