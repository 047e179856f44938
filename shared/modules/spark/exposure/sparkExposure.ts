import { type Chain, getAddress } from 'viem';
import { gnosis, mainnet } from 'viem/chains';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import type { LendingPoolMarket } from '../../../readers/lendingPool/lendingPoolMarket.js';
import { positionsFromLendingPool } from '../../../readers/lendingPool/positionsFromLendingPool.js';
import { readLendingPoolAccount } from '../../../readers/lendingPool/readLendingPoolAccount.js';
import { evmReader } from '../../../upstream/clients/ethereumReader.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import { positionsOnChains } from '../../positionsOnChains.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { SPARKLEND_ETHEREUM_MARKET, SPARKLEND_GNOSIS_MARKET } from './deployment.js';

/** A SparkLend market with the upstream it sits on and the chain its reader checks. */
export interface SparkLendMarket {
  market: LendingPoolMarket;
  chain: UpstreamId;
  viemChain: Chain;
}

/** Every SparkLend market read: Ethereum's and Gnosis' (deployment.ts). */
export const SPARKLEND_MARKETS: readonly SparkLendMarket[] = [
  { market: SPARKLEND_ETHEREUM_MARKET, chain: 'ethereum', viemChain: mainnet },
  { market: SPARKLEND_GNOSIS_MARKET, chain: 'gnosis', viemChain: gnosis },
];

/** Ethereum's market alone (tests of the reader's rounds on one upstream). */
export const SPARKLEND_ETHEREUM_ONLY: readonly SparkLendMarket[] = SPARKLEND_MARKETS.filter(({ chain }) => chain === 'ethereum');

export interface SparkExposureOptions {
  markets?: readonly SparkLendMarket[];
  /** Each chain's own deadline (ms); by default CHAIN_DEADLINE_SHARE of the context's. */
  chainDeadlineMs?: number;
}

/**
 * SparkLend positions on Ethereum and on Gnosis: the shared lending-pool reader
 * (shared/readers/lendingPool/) on each v3.0 market, through its chain's shared Multicall3 reader,
 * so its rounds join the other EVM modules' on that chain (Aave's Gnosis market's included); both
 * chains at once, a failed chain reported alone (positionsOnChains). The simulator gets what Aave's
 * positions give it: the account (health factor, each collateral's LT and LTV, the eMode category
 * and which collateral it covers) and, per reserve, its rate model from the reserve's own strategy.
 *
 * @example
 * const positions = await sparkExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date(), upstreams: services.upstreams });
 */
export function sparkExposure({ markets = SPARKLEND_MARKETS, chainDeadlineMs }: SparkExposureOptions = {}): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const user = getAddress(wallet.address);
      const readChain = async (chain: UpstreamId, signal: AbortSignal): Promise<ExposurePosition[]> => {
        const onChain = markets.filter((entry) => entry.chain === chain);
        const reader = evmReader(context.upstreams[chain], onChain[0]!.viemChain);
        const reads = await Promise.all(onChain.map(({ market }) => readLendingPoolAccount(market, reader, user, signal)));
        return reads.flatMap((read, index) => (read ? positionsFromLendingPool(onChain[index]!.market, read, wallet) : []));
      };
      return positionsOnChains([...new Set(markets.map(({ chain }) => chain))], readChain, context, chainDeadlineMs);
    },
  };
}
