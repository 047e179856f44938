import { type Chain, getAddress } from 'viem';
import type { Address } from 'viem';
import { arbitrum, base, linea, mainnet, mantle, optimism, polygon, scroll, unichain } from 'viem/chains';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { COMET_DEPLOYMENTS, type CometChain, type CometDeployment } from '../cometMarketNames.js';
import { symbolOf } from '../names.js';
import { TOKENS } from '../tokens.js';

export interface CometMarket {
  /** The market name proposals and positions use: `comet-usdc` on Ethereum, `comet-usdc-arbitrum` elsewhere (cometMarketNames.ts). */
  market: string;
  comet: Address;
  /** The upstream the Comet is read on, which positions name as their chain. */
  chain: UpstreamId;
  viemChain: Chain;
  /**
   * The base asset's symbol when this build does not name the Comet's baseToken(): compound's market
   * folder in its spelling (`usdc.e` → `USDC.e`). The base token and its decimals are read from the Comet.
   */
  folderSymbol: string;
}

/**
 * The chains of cometMarketNames.ts that have an upstream (shared/upstream/endpoints.ts), with the
 * viem chain their reader checks: every one today. A Comet published on a chain with none stays
 * unread (UNREAD_COMETS) until an upstream is added, and its proposals still name its market.
 */
const READ_CHAINS: Partial<Record<CometChain, Chain>> = { ethereum: mainnet, arbitrum, base, linea, mantle, optimism, polygon, scroll, unichain };

const toMarket = (deployment: CometDeployment, viemChain: Chain): CometMarket => ({
  market: deployment.market,
  comet: getAddress(deployment.comet),
  chain: deployment.chain as UpstreamId,
  viemChain,
  folderSymbol: symbolOf(deployment.folder),
});

/**
 * Every Comet the exposure reads: each published deployment (compound-finance/comet
 * deployments/<chain>/<market>/roots.json, cometMarketNames.ts; test/modules/compound/addresses.test.ts
 * checks them against the snapshot) on a chain an upstream serves. Ethereum's USDC Comet first.
 */
export const COMET_MARKETS: readonly CometMarket[] = COMET_DEPLOYMENTS.flatMap((deployment) => {
  const viemChain = READ_CHAINS[deployment.chain];
  return viemChain ? [toMarket(deployment, viemChain)] : [];
});

/** The viem chain of a Comet chain an upstream serves (the governance sources' clients take it from here). */
export function cometViemChain(chain: CometChain): Chain {
  const viemChain = READ_CHAINS[chain];
  if (!viemChain) throw new Error(`no upstream serves the Comets on ${chain}`);
  return viemChain;
}

/** The published Comets no upstream serves, by market name (none since Unichain's upstream). */
export const UNREAD_COMETS: readonly string[] = COMET_DEPLOYMENTS.filter((deployment) => !READ_CHAINS[deployment.chain]).map((deployment) => deployment.market);

/** The Comets on one chain, in the order of COMET_MARKETS. Pure. */
export const cometsOn = (chain: UpstreamId, markets: readonly CometMarket[] = COMET_MARKETS): CometMarket[] => markets.filter((market) => market.chain === chain);

/** Ethereum's Comets alone (the exposure before other chains were read; tests of the rounds on one upstream). */
export const ETHEREUM_COMETS: readonly CometMarket[] = cometsOn('ethereum');

/** The markets grouped by chain, in the order of COMET_MARKETS. Pure. */
export function cometsByChain(markets: readonly CometMarket[] = COMET_MARKETS): Map<UpstreamId, CometMarket[]> {
  const byChain = new Map<UpstreamId, CometMarket[]>();
  for (const market of markets) byChain.set(market.chain, [...(byChain.get(market.chain) ?? []), market]);
  return byChain;
}

/**
 * Collateral slots probed per market: CometWithExtendedAssetList allows 24 (positions.md §2.2).
 * getAssetInfo(i) reverts (BadAsset) past numAssets, so a listing needs no change here.
 */
export const MAX_ASSETS = 24;

/** Symbols of the tokens these markets list, by lower-case address (one table: ../tokens.ts). */
export const KNOWN_SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TOKENS).map(([address, token]) => [address, token.symbol]));
