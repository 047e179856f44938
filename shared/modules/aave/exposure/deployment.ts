import { AaveV3Ethereum } from '@aave-dao/aave-address-book';
import type { LendingPoolMarket } from '../../../readers/lendingPool/lendingPoolMarket.js';

/** The Aave v3 Ethereum Core market, from @aave-dao/aave-address-book AaveV3Ethereum (positions.md §1.1). */
export const AAVE_V3_ETHEREUM = {
  market: 'aave-v3-ethereum',
  pool: AaveV3Ethereum.POOL,
  addressesProvider: AaveV3Ethereum.POOL_ADDRESSES_PROVIDER,
  oracle: AaveV3Ethereum.ORACLE,
} as const satisfies Record<string, string>;

/**
 * Symbols of the main reserves, so a scan needs no symbol() read for them; a reserve listed later
 * is asked its symbol in the second round. The address book's ASSETS keys are the on-chain symbols
 * for these (not for every key: Pendle tokens' keys put `_` where the symbol has `-`), hence a list.
 */
const MAIN_RESERVES = ['WETH', 'wstETH', 'WBTC', 'USDC', 'DAI', 'LINK', 'AAVE', 'cbETH', 'USDT', 'rETH', 'LUSD', 'CRV', 'MKR', 'GHO', 'cbBTC', 'weETH', 'USDS', 'sDAI', 'FRAX', 'PYUSD'] as const;

export const KNOWN_SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(
  MAIN_RESERVES.map((symbol) => [AaveV3Ethereum.ASSETS[symbol].UNDERLYING.toLowerCase(), symbol]),
);

/** The Core market as the shared lending-pool reader takes it: an aave-v3-origin 3.6 pool. */
export const AAVE_V3_ETHEREUM_MARKET: LendingPoolMarket = {
  protocol: 'aave',
  market: AAVE_V3_ETHEREUM.market,
  version: 'v3.2+',
  // 3.6: the category's ltvzero bitmap zeroes an eMode collateral's LTV (lendingPoolMarket.ts).
  eModeLtvRule: 'ltvzeroBitmap',
  pool: AAVE_V3_ETHEREUM.pool,
  addressesProvider: AAVE_V3_ETHEREUM.addressesProvider,
  oracle: AAVE_V3_ETHEREUM.oracle,
  uiPoolDataProvider: AaveV3Ethereum.UI_POOL_DATA_PROVIDER,
  knownSymbols: KNOWN_SYMBOLS,
};
