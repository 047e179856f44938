import { capitalized, wordsOf } from '../domain/words.js';

/**
 * Chains as people name them, by the id positions carry (`Position.chain`: an upstream's id, or a
 * module's chain where the module is the chain). A leaf: pages, the registry's names and modules'
 * market names read it without loading any endpoint or chain library.
 */
const CHAIN_NAMES: Readonly<Record<string, string>> = {
  ethereum: 'Ethereum',
  polygon: 'Polygon',
  avalanche: 'Avalanche',
  arbitrum: 'Arbitrum',
  optimism: 'Optimism',
  base: 'Base',
  gnosis: 'Gnosis',
  bnb: 'BNB Chain',
  scroll: 'Scroll',
  linea: 'Linea',
  zksync: 'ZKsync',
  celo: 'Celo',
  sonic: 'Sonic',
  plasma: 'Plasma',
  mantle: 'Mantle',
  metis: 'Metis',
  ink: 'Ink',
  soneium: 'Soneium',
  xlayer: 'X Layer',
  monad: 'Monad',
  megaeth: 'MegaETH',
  unichain: 'Unichain',
  harmony: 'Harmony',
  fantom: 'Fantom',
  solana: 'Solana',
  cosmoshub: 'Cosmos Hub',
  xrpl: 'XRP Ledger',
};

/**
 * A chain's name for people; an id this list does not know is written as words, never as an id.
 *
 * @example chainName('bnb') // 'BNB Chain'
 */
export function chainName(chain: string): string {
  return CHAIN_NAMES[chain] ?? capitalized(wordsOf(chain));
}
