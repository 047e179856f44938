import { chainName } from '../../upstream/chainNames.js';
import { V2_MARKET } from './addresses.js';

/** Base assets whose symbol is not the market folder's name in capitals (compound-finance/comet deployments/<chain>/<folder>). */
const SYMBOLS: Readonly<Record<string, string>> = { wsteth: 'wstETH', 'usdc.e': 'USDC.e', usdbc: 'USDbC', usde: 'USDe' };

/** A market folder's base asset symbol as compound names the folder (`usdc.e` → `USDC.e`). Pure. */
export const symbolOf = (folder: string): string => SYMBOLS[folder] ?? folder.toUpperCase();

/**
 * A Compound market as people name it, from the names cometMarketNames.ts and the exposure give it
 * (`comet-<folder>` on Ethereum, `comet-<folder>-<chain>` elsewhere, `compound-v3-<chain>-<folder>`,
 * `compound-v2`): "Compound v3 Ethereum USDC", "Compound v3 Base USDbC", "Compound v2"; undefined
 * for a name that is not a Compound market's. Pure.
 *
 * @example compoundMarketName('comet-usdc.e-arbitrum') // 'Compound v3 Arbitrum USDC.e'
 */
export function compoundMarketName(market: string): string | undefined {
  if (market === V2_MARKET) return 'Compound v2';
  const v3 = /^compound-v3-([a-z]+)-([a-z0-9.]+)$/.exec(market);
  if (v3) return `Compound v3 ${chainName(v3[1]!)} ${symbolOf(v3[2]!)}`;
  const comet = /^comet-([a-z0-9.]+?)(?:-(arbitrum|base|linea|mantle|optimism|polygon|scroll|unichain))?$/.exec(market);
  if (!comet) return undefined;
  return `Compound v3 ${chainName(comet[2] ?? 'ethereum')} ${symbolOf(comet[1]!)}`;
}
