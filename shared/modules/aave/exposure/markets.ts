import {
  AaveV3Arbitrum,
  AaveV3Avalanche,
  AaveV3Base,
  AaveV3BNB,
  AaveV3Celo,
  AaveV3Ethereum,
  AaveV3EthereumEtherFi,
  AaveV3EthereumHorizon,
  AaveV3EthereumLido,
  AaveV3Gnosis,
  AaveV3Linea,
  AaveV3Mantle,
  AaveV3MegaEth,
  AaveV3Metis,
  AaveV3Monad,
  AaveV3Optimism,
  AaveV3Plasma,
  AaveV3Polygon,
  AaveV3Scroll,
  AaveV3Soneium,
  AaveV3Sonic,
  AaveV3XLayer,
  AaveV3ZkSync,
} from '@aave-dao/aave-address-book';
import type { Address, Chain } from 'viem';
import { mainnet } from 'viem/chains';
import type { LendingPoolMarket } from '../../../readers/lendingPool/lendingPoolMarket.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { PAYLOAD_CHAINS } from '../payloadChains.js';
import { AAVE_V3_ETHEREUM_MARKET } from './deployment.js';

/** What this exposure takes of an address book market: where it runs and its pool's contracts. */
interface BookMarket {
  CHAIN_ID: number;
  POOL: Address;
  POOL_ADDRESSES_PROVIDER: Address;
  ORACLE: Address;
  UI_POOL_DATA_PROVIDER: Address;
}

/**
 * The address book's Aave v3 mainnet markets, by its export name (@aave-dao/aave-address-book; the
 * package is the source of every address below, so a replaced contract reaches us with a version
 * bump). Named imports keep the rest of the book (v2, testnets, governance) out of the bundle;
 * test/modules/aave/markets.test.ts fails when the book lists a mainnet v3 market on a chain we
 * have an upstream for that is missing here. Left out: the Ink whitelabel instance (not an Aave DAO
 * market).
 */
export const BOOK_MARKETS: Readonly<Record<string, BookMarket>> = {
  AaveV3Ethereum,
  AaveV3EthereumLido,
  AaveV3EthereumEtherFi,
  AaveV3EthereumHorizon,
  AaveV3Polygon,
  AaveV3Avalanche,
  AaveV3Arbitrum,
  AaveV3Optimism,
  AaveV3Base,
  AaveV3Gnosis,
  AaveV3BNB,
  AaveV3Scroll,
  AaveV3Linea,
  AaveV3ZkSync,
  AaveV3Celo,
  AaveV3Sonic,
  AaveV3Plasma,
  AaveV3Mantle,
  AaveV3Metis,
  AaveV3Soneium,
  AaveV3XLayer,
  AaveV3Monad,
  AaveV3MegaEth,
};

/** An Aave market as the exposure reads it: the shared reader's market, with the chain and upstream it sits on. */
export interface AaveMarket extends LendingPoolMarket {
  chain: UpstreamId;
  viemChain: Chain;
}

/**
 * The market's slug as marketOfPool names a payload's (the pool's network name, lower-cased):
 * Ethereum's instances by the book's suffix (`AaveV3EthereumLido` → `aave-v3-ethereum-lido`),
 * every other chain by its upstream (`aave-v3-arbitrum`, `aave-v3-bnb`, `aave-v3-zksync`). Pure.
 */
export function marketSlugOf(exportName: string, chainId: number): string {
  if (chainId === 1) return `aave-v3-ethereum${exportName.replace(/^AaveV3Ethereum/, '').replace(/[A-Z]/g, (letter, index: number) => `${index === 0 ? '-' : ''}${letter.toLowerCase()}`)}`;
  const chain = PAYLOAD_CHAINS[chainId];
  if (!chain) throw new Error(`no upstream serves chain ${chainId} (${exportName})`);
  return `aave-v3-${chain.upstream}`;
}

/**
 * Every market the exposure reads: Ethereum's Core as deployment.ts declares it (its reserves'
 * symbols known), the others straight from the book. Their pools run aave-v3-origin 3.3 or later
 * (the 3.3 upgrade reached every v3 market in 2025), so the reader asks them as `v3.2+` pools; a
 * pool that predates 3.6 reverts the ltvzero bitmap and its accounts take `ownLtvZero`
 * (lendingPoolMarket.ts). Their reserves' symbols are read on-chain with round two: the book's
 * asset keys are not always the symbols (Arbitrum's native USDC is its `USDCn`, Pendle tokens put
 * `_` where the symbol has `-`).
 */
export const AAVE_MARKETS: readonly AaveMarket[] = Object.entries(BOOK_MARKETS).map(([name, book]): AaveMarket => {
  const market = marketSlugOf(name, book.CHAIN_ID);
  const chain = book.CHAIN_ID === 1 ? { upstream: 'ethereum' as const, chain: mainnet } : PAYLOAD_CHAINS[book.CHAIN_ID]!;
  if (market === AAVE_V3_ETHEREUM_MARKET.market) return { ...AAVE_V3_ETHEREUM_MARKET, chain: 'ethereum', viemChain: mainnet };
  return {
    protocol: 'aave',
    market,
    version: 'v3.2+',
    eModeLtvRule: 'ltvzeroBitmap',
    pool: book.POOL,
    addressesProvider: book.POOL_ADDRESSES_PROVIDER,
    oracle: book.ORACLE,
    uiPoolDataProvider: book.UI_POOL_DATA_PROVIDER,
    knownSymbols: {},
    chain: chain.upstream,
    viemChain: chain.chain,
  };
});

/** The markets grouped by the chain they sit on, in the order of AAVE_MARKETS. Pure. */
export function marketsByChain(markets: readonly AaveMarket[] = AAVE_MARKETS): Map<UpstreamId, AaveMarket[]> {
  const byChain = new Map<UpstreamId, AaveMarket[]>();
  for (const market of markets) byChain.set(market.chain, [...(byChain.get(market.chain) ?? []), market]);
  return byChain;
}

/** The markets on one chain (Ethereum's four, Arbitrum's one…). Pure. */
export const marketsOn = (chain: UpstreamId, markets: readonly AaveMarket[] = AAVE_MARKETS): AaveMarket[] => markets.filter((market) => market.chain === chain);

/** Ethereum Core alone, as the exposure read it before the other markets (tests of the reader's rounds on one market). */
export const CORE_ONLY: readonly AaveMarket[] = AAVE_MARKETS.filter((market) => market.market === AAVE_V3_ETHEREUM_MARKET.market);
