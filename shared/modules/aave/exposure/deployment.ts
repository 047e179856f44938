import type { Address } from 'viem';
import type { LendingPoolMarket } from '../../../readers/lendingPool/lendingPoolMarket.js';

/** The Aave v3 Ethereum Core market (bgd-labs/aave-address-book src/ts/AaveV3Ethereum.ts; positions.md §1.1). */
export const AAVE_V3_ETHEREUM = {
  market: 'aave-v3-ethereum',
  pool: '0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2',
  addressesProvider: '0x2f39d218133AFaB8F2B819B1066c7E434Ad94E9e',
  oracle: '0x54586bE62E3c3580375aE3723C145253060Ca0C2',
} as const satisfies Record<string, string>;

/**
 * Symbols of the main reserves (aave-address-book AaveV3EthereumAssets), so a scan needs no
 * symbol() read for them; a reserve listed later is asked its symbol in the second round.
 */
export const KNOWN_SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH'],
      ['0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', 'wstETH'],
      ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC'],
      ['0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 'USDC'],
      ['0x6B175474E89094C44Da98b954EedeAC495271d0F', 'DAI'],
      ['0x514910771AF9Ca656af840dff83E8264EcF986CA', 'LINK'],
      ['0x7Fc66500c84A76Ad7e9c93437bFc5Ac33E2DDaE9', 'AAVE'],
      ['0xBe9895146f7AF43049ca1c1AE358B0541Ea49704', 'cbETH'],
      ['0xdAC17F958D2ee523a2206206994597C13D831ec7', 'USDT'],
      ['0xae78736Cd615f374D3085123A210448E74Fc6393', 'rETH'],
      ['0x5f98805A4E8be255a32880FDeC7F6728C6568bA0', 'LUSD'],
      ['0xD533a949740bb3306d119CC777fa900bA034cd52', 'CRV'],
      ['0x9f8F72aA9304c8B593d555F12eF6589cC3A579A2', 'MKR'],
      ['0x40D16FC0246aD3160Ccc09B8D0D3A2cD28aE6C2f', 'GHO'],
      ['0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'cbBTC'],
      ['0xCd5fE23C85820F7B72D0926FC9b05b43E359b7ee', 'weETH'],
      ['0xdC035D45d973E3EC169d2276DDab16f1e407384F', 'USDS'],
      ['0x83F20F44975D03b1b09e64809B757c47f942BEeA', 'sDAI'],
      ['0x853d955aCEf822Db058eb8505911ED77F175b99e', 'FRAX'],
      ['0x6c3ea9036406852006290770BEdFcAbA0e23A0e8', 'PYUSD'],
    ] as [Address, string][]
  ).map(([address, symbol]) => [address.toLowerCase(), symbol]),
);

/** The Core market as the shared lending-pool reader takes it: an aave-v3-origin 3.6 pool. */
export const AAVE_V3_ETHEREUM_MARKET: LendingPoolMarket = {
  protocol: 'aave',
  market: AAVE_V3_ETHEREUM.market,
  version: 'v3.2+',
  pool: AAVE_V3_ETHEREUM.pool,
  addressesProvider: AAVE_V3_ETHEREUM.addressesProvider,
  oracle: AAVE_V3_ETHEREUM.oracle,
  knownSymbols: KNOWN_SYMBOLS,
};
