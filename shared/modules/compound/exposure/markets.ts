import { TOKENS } from '../tokens.js';
import type { Address } from 'viem';

export interface CometMarket {
  /** The market name proposals and positions use (shared/modules/compound/demo.ts). */
  market: string;
  comet: Address;
  baseSymbol: string;
  baseDecimals: number;
}

/** Comet proxies on Ethereum (compound-finance/comet deployments/mainnet/{usdc,weth}/roots.json; positions.md §2.1). */
export const COMET_MARKETS: readonly CometMarket[] = [
  { market: 'comet-usdc', comet: '0xc3d688B66703497DAA19211EEdff47f25384cdc3', baseSymbol: 'USDC', baseDecimals: 6 },
  { market: 'comet-weth', comet: '0xA17581A9E3356d9A858b789D68B4d866e593aE94', baseSymbol: 'WETH', baseDecimals: 18 },
];

/**
 * Collateral slots probed per market: CometWithExtendedAssetList allows 24 (positions.md §2.2).
 * getAssetInfo(i) reverts (BadAsset) past numAssets, so a listing needs no change here.
 */
export const MAX_ASSETS = 24;

/** Symbols of the tokens these markets list, by lower-case address (one table: ../tokens.ts). */
export const KNOWN_SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(TOKENS).map(([address, token]) => [address, token.symbol]));
