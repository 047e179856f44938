import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { positionsFromLendingPool } from '../../../readers/lendingPool/positionsFromLendingPool.js';
import { readLendingPoolAccount } from '../../../readers/lendingPool/readLendingPoolAccount.js';
import { evmReader } from '../../../upstream/clients/ethereumReader.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { PartialPositions } from '../../partialPositions.js';
import { positionsOnChains } from '../../positionsOnChains.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { AAVE_MARKETS, type AaveMarket, marketsByChain } from './markets.js';
import { readV4Positions } from '../v4/readV4Positions.js';
import { V4_SPOKES, type V4Spoke, v4SpokesOn } from '../v4/spokes.js';


export interface AaveExposureOptions {
  /** The markets to read; every market of markets.ts unless a test narrows them. */
  markets?: readonly AaveMarket[];
  /** The v4 spokes to read on those markets' chains; every spoke of v4/spokes.ts with the default markets, none when a test narrows the markets. */
  spokes?: readonly V4Spoke[];
  /** Each chain's own deadline (ms); by default CHAIN_DEADLINE_SHARE of the context's, and none without one. */
  chainDeadlineMs?: number;
}

/**
 * The Aave v3 exposure on every market of the address book a chain upstream serves (markets.ts):
 * the shared lending-pool reader (shared/readers/lendingPool/) on each, every chain at once. A
 * chain's markets ride its upstream's shared reader, so their rounds join in one aggregate3 (beside
 * the other EVM modules' on that chain): at most two HTTP requests per chain, one once the reader
 * knows the markets' shapes. Every wallet needs round two: round one cannot tell a supply not used
 * as collateral from no account (neither shows in its totals). A chain that fails never takes the
 * others' positions with it: they are kept (PartialPositions), and the scan reports aave degraded
 * once per failed chain, naming it.
 *
 * @example
 * const positions = await aaveExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function aaveExposure({ markets = AAVE_MARKETS, spokes = markets === AAVE_MARKETS ? V4_SPOKES : [], chainDeadlineMs }: AaveExposureOptions = {}): ExposureComponent {
  const byChain = marketsByChain(markets);
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const user = getAddress(wallet.address);
      const readChain = async (chain: UpstreamId, signal: AbortSignal): Promise<ExposurePosition[]> => {
        const onChain = byChain.get(chain)!;
        const reader = evmReader(context.upstreams[chain], onChain[0]!.viemChain);
        // The chain's v4 spokes ride the same reader: their first round joins the pools' (v4/readSpokeAccounts.ts).
        const onSpokes = v4SpokesOn(chain, spokes);
        const [settled, v4] = await Promise.all([
          Promise.allSettled(onChain.map((market) => readLendingPoolAccount(market, reader, user, signal))),
          Promise.allSettled(onSpokes.length > 0 ? [readV4Positions(onSpokes, reader, user, wallet, signal)] : []),
        ]);
        const positions = [
          ...settled.flatMap((read, index) => (read.status === 'fulfilled' && read.value ? positionsFromLendingPool(onChain[index]!, read.value, wallet) : [])),
          ...v4.flatMap((read) => (read.status === 'fulfilled' ? read.value : [])),
        ];
        // A chain's markets share its requests: the first market's failure is the chain's, told the
        // same way each time; the markets it did read are kept (positionsOnChains keeps a chain's part).
        const failed = [...settled, ...v4].find((read) => read.status === 'rejected');
        if (failed) throw new PartialPositions(positions, failed.reason);
        return positions;
      };
      return positionsOnChains([...byChain.keys()], readChain, context, chainDeadlineMs);
    },
  };
}
