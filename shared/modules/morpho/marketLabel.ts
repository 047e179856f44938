import { formatUnits, type Hex } from 'viem';
import { type MorphoChain, shortAddress, tokenOf } from './deployment.js';
import type { MarketParams } from './readVaultGovernance.js';

const ZERO = '0x0000000000000000000000000000000000000000';

/** A token's symbol on a chain, or its short address when this build does not name it. Pure. */
export const symbolOf = (chain: MorphoChain, token: string): string => tokenOf(chain, token)?.symbol ?? shortAddress(token);

/**
 * A Morpho Blue market as people name it: `collateral/loan LLTV` ("sUSDe/DAI 86%"); an idle market
 * (no collateral, the README's "Idle Supply") is `idle DAI`; an id Blue does not know stays its id. Pure.
 */
export function marketLabel(chain: MorphoChain, params: MarketParams | undefined, id?: Hex): string {
  if (!params) return id ? `market ${id.slice(0, 10)}…` : 'a market';
  const loan = symbolOf(chain, params.loanToken);
  if (params.collateralToken.toLowerCase() === ZERO) return `idle ${loan}`;
  return `${symbolOf(chain, params.collateralToken)}/${loan} ${lltvPercent(params.lltv)}%`;
}

/** An LLTV (WAD) in percent, as few digits as it needs: 0.915e18 → "91.5". Pure. */
export const lltvPercent = (lltv: bigint): string => String(Number(formatUnits(lltv * 100n, 18)));
