import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { evmReader } from '../../../upstream/clients/ethereumReader.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { positionsOnChains } from '../../positionsOnChains.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { COMET_MARKETS, type CometMarket, cometsByChain } from './markets.js';
import { positionsFromComet } from './positionsFromComet.js';
import { positionsFromV2 } from './positionsFromV2.js';
import { readCometAccounts } from './readCometAccounts.js';
import { readV2Account } from './readV2Account.js';

export interface CompoundExposureOptions {
  /** The Comets to read; every one of markets.ts unless a test narrows them (ETHEREUM_COMETS). */
  markets?: readonly CometMarket[];
  /** Each chain's own deadline (ms); by default CHAIN_DEADLINE_SHARE of the context's. */
  chainDeadlineMs?: number;
}

/**
 * The Compound exposure: v3 on every Comet a chain upstream serves (markets.ts: base supplied or
 * borrowed, each collateral with its factors, the rate model, Comet's own prices) and v2 on Ethereum
 * (each cToken supplied or borrowed, valued with the Comptroller's oracle). Each chain's Comets ride
 * its upstream's shared Multicall3 reader, every chain at once, so their rounds join in one
 * aggregate3 per chain beside the other EVM modules' (Aave's on the same chain included): two
 * HTTP requests per chain on a fresh process, one once the reader knows the Comets' listings
 * (readCometAccounts); v2 asks nothing of its own beyond Ethereum's rounds (readV2Account). A chain
 * that fails costs only its own positions (positionsOnChains).
 *
 * @example
 * const positions = await compoundExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function compoundExposure({ markets = COMET_MARKETS, chainDeadlineMs }: CompoundExposureOptions = {}): ExposureComponent {
  const byChain = cometsByChain(markets);
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const user = getAddress(wallet.address);
      const readChain = async (chain: UpstreamId, signal: AbortSignal): Promise<ExposurePosition[]> => {
        const comets = byChain.get(chain)!;
        const reader = evmReader(context.upstreams[chain], comets[0]!.viemChain);
        const [accounts, v2] = await Promise.all([readCometAccounts(reader, user, signal, comets, chain), chain === 'ethereum' ? readV2Account(reader, user, signal) : undefined]);
        return [...positionsFromComet(accounts, wallet), ...(v2 ? positionsFromV2(v2, wallet) : [])];
      };
      return positionsOnChains([...byChain.keys()], readChain, context, chainDeadlineMs);
    },
  };
}
