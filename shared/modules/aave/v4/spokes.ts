import { AaveV4Avalanche, AaveV4Ethereum } from '@aave-dao/aave-address-book';
import type { Address, Chain } from 'viem';
import { avalanche, mainnet } from 'viem/chains';
import type { UpstreamId } from '../../../upstream/endpoints.js';

/** An Aave v4 spoke as the exposure reads it: where it runs, its oracle, and the assets its reserves may hold. */
export interface V4Spoke {
  /** `aave-v4-<chain>-<spoke>`, the market its positions carry (spokeNames.ts names it for people). */
  market: string;
  spoke: Address;
  /** The spoke's AaveOracle: prices by reserve id, 8 decimals (aave-v4 src/spoke/AaveOracle.sol). */
  oracle: Address;
  chain: UpstreamId;
  viemChain: Chain;
  /** The book's assets on that chain, by lower-cased underlying: a reserve's symbol without a symbol() read. */
  symbols: Readonly<Record<string, string>>;
  /** The reserves the book prices on the spoke (its `<NAME>_SPOKE_…_PRICE_FEED`s): a process's first read guesses the spoke lists as many. */
  pricedReserves: number;
}

interface BookV4 {
  SPOKES: Readonly<Record<string, Address>>;
  ASSETS: Readonly<Record<string, { UNDERLYING: Address }>>;
  SPOKE_PRICE_FEEDS?: Readonly<Record<string, Address>>;
}

/** `LOMBARD_BTC_SPOKE` → `lombard-btc`, `ETHERFI_ESPOKE` → `etherfi`. Pure. */
const slugOfKey = (key: string): string =>
  key
    .replace(/_E?SPOKE$/, '')
    .toLowerCase()
    .replace(/_/g, '-');

/**
 * A deployment's user spokes, from the address book's SPOKES: each `<NAME>_SPOKE` (or `_ESPOKE`)
 * with its `<NAME>_SPOKE_ORACLE`. The treasury spoke holds the hubs' fees, no user's position, and
 * the tokenization spokes are ERC-4626 vaults over a hub (TOKENIZATION_SPOKES, not read here). Pure.
 */
function spokesOf(book: BookV4, chain: UpstreamId, viemChain: Chain): V4Spoke[] {
  const symbols = Object.fromEntries(Object.entries(book.ASSETS).map(([symbol, asset]) => [asset.UNDERLYING.toLowerCase(), symbol]));
  return Object.entries(book.SPOKES)
    .filter(([key]) => /_E?SPOKE$/.test(key) && key !== 'TREASURY_SPOKE')
    .map(([key, spoke]) => {
      const oracle = book.SPOKES[`${key}_ORACLE`];
      if (!oracle) throw new Error(`the address book names no oracle for ${key}`);
      const pricedReserves = Object.keys(book.SPOKE_PRICE_FEEDS ?? {}).filter((feed) => feed.startsWith(`${key}_`) && feed.endsWith('_PRICE_FEED')).length;
      return { market: `aave-v4-${chain}-${slugOfKey(key)}`, spoke, oracle, chain, viemChain, symbols, pricedReserves };
    });
}

/**
 * Every Aave v4 spoke a chain upstream serves, from @aave-dao/aave-address-book (AaveV4Ethereum,
 * AaveV4Avalanche; Arc has no upstream here). A spoke the book adds reaches us with a version bump.
 */
export const V4_SPOKES: readonly V4Spoke[] = [...spokesOf(AaveV4Ethereum as unknown as BookV4, 'ethereum', mainnet), ...spokesOf(AaveV4Avalanche as unknown as BookV4, 'avalanche', avalanche)];

/** The spokes on one chain. Pure. */
export const v4SpokesOn = (chain: UpstreamId, spokes: readonly V4Spoke[] = V4_SPOKES): V4Spoke[] => spokes.filter((spoke) => spoke.chain === chain);
