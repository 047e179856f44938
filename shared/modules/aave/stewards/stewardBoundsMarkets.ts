import type { Address, Chain } from 'viem';
import { mainnet } from 'viem/chains';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { BOOK_MARKETS, marketSlugOf } from '../exposure/markets.js';
import { PAYLOAD_CHAINS } from '../payloadChains.js';
import { EDGE_EMODE_CATEGORIES } from './edgeEModeCategories.js';
import { stewardMarketOf } from './stewardChains.js';

/** A v3 market whose RiskSteward the envelope reads: where it sits, and its reserves by symbol. */
export interface StewardBoundsMarket {
  market: string;
  upstream: UpstreamId;
  viemChain: Chain;
  explorer: string;
  riskSteward: Address;
  /** The Edge eMode steward and the categories its injector may move (edgeEModeCategories.ts). */
  edgeEMode?: { steward: Address; categories: readonly number[] };
  /** Underlying by lower-case symbol; a symbol two reserves share is left out (its last change then stays unread). */
  assetsBySymbol: ReadonlyMap<string, Address>;
}

interface BookStewards {
  CHAIN_ID: number;
  RISK_STEWARD?: Address;
  EDGE_RISK_STEWARD_PENDLE_EMODE?: Address;
}

let markets: StewardBoundsMarket[] | undefined;

/** Every market of the exposure's address book entries with a RiskSteward (@aave-dao/aave-address-book RISK_STEWARD). */
export function stewardBoundsMarkets(): readonly StewardBoundsMarket[] {
  markets ??= Object.entries(BOOK_MARKETS).flatMap(([name, entry]): StewardBoundsMarket[] => {
    const book = entry as unknown as BookStewards;
    if (!book.RISK_STEWARD) return [];
    const chain = book.CHAIN_ID === 1 ? { upstream: 'ethereum' as const, chain: mainnet } : PAYLOAD_CHAINS[book.CHAIN_ID];
    if (!chain) return [];
    const { assets } = stewardMarketOf(name, entry as unknown as Parameters<typeof stewardMarketOf>[1]);
    const bySymbol = new Map<string, Address | null>();
    for (const asset of assets.values()) {
      const symbol = asset.symbol.toLowerCase();
      bySymbol.set(symbol, bySymbol.has(symbol) ? null : asset.underlying);
    }
    const market = marketSlugOf(name, book.CHAIN_ID);
    return [
      {
        market,
        upstream: chain.upstream,
        viemChain: chain.chain,
        explorer: chain.chain.blockExplorers?.default.url ?? 'https://etherscan.io',
        riskSteward: book.RISK_STEWARD,
        ...(market === 'aave-v3-ethereum' && book.EDGE_RISK_STEWARD_PENDLE_EMODE && { edgeEMode: { steward: book.EDGE_RISK_STEWARD_PENDLE_EMODE, categories: EDGE_EMODE_CATEGORIES } }),
        assetsBySymbol: new Map([...bySymbol].filter((entry): entry is [string, Address] => entry[1] !== null)),
      },
    ];
  });
  return markets;
}
