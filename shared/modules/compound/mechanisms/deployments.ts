import type { Address } from 'viem';
import { type LogChain, recentChangesWindow } from '../../../governance/logChain.js';
import { CHAINS } from '../../../upstream/chainIdentity.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import type { CometChain } from '../cometMarketNames.js';

/**
 * A chain whose Comets' changes made without a vote are read: its upstream is a Comet chain's. No
 * viem chain here: info.ts reads these lists, and a light function (catalog, llms.txt) must carry no
 * chain library; the sources take it from the exposure's markets (cometViemChain).
 */
export interface CometLogChain extends Omit<LogChain, 'viemChain'> {
  upstream: CometChain & UpstreamId;
}

/** A MarketUpdateTimelock and the Configurator its calls reach, on one chain. */
export interface MarketUpdateDeployment extends CometLogChain {
  timelock: Address;
  configurator: Address;
}

/**
 * The market-admin track's deployments with a published address. Optimism's, from
 * compound-finance/comet deployments/optimism/usdc/migrations/1729593027_gov_marketupdates.ts and
 * forge/test/MarketUpdateDeploymentBaseTest.sol @d5a30b0 (timelock 0x81Bc…8eC6, proposer
 * 0xB6Ef…15F9, proposals from the market-admin Safe 0x7e14…0c4e); its Configurator proxy from
 * deployments/optimism/usdc/roots.json. The other chains' were deployed with a salt the repository
 * does not publish, so they are not read. Optimism makes a block every 2 s: 1,296,000 blocks in 30
 * days, asked in three chunks.
 */
export const MARKET_UPDATE_DEPLOYMENTS: readonly MarketUpdateDeployment[] = [
  {
    upstream: 'optimism',
    chainId: CHAINS.optimismMainnet,
    ...recentChangesWindow(2, 500_000n),
    explorer: 'https://optimistic.etherscan.io',
    timelock: '0x81Bc6016Fa365bfE929a51Eec9217B441B598eC6',
    configurator: '0x84E93EC6170ED630f5ebD89A1AAE72d4F63f2713',
  },
];

/** An L2 whose Comets' pauses are read: its upstream, chain id, explorer and 30-day window. */
export type PauseChain = CometLogChain;

/**
 * Every L2 the compound exposure reads Comets on (exposure/markets.ts), each read as Ethereum is.
 * Block times are the fastest each chain makes, so a window covers at least 30 days: Arbitrum
 * 0.25 s (10,368,000 blocks in three ranges, as Aave's Arbitrum stewards ask); the OP-stack chains
 * (Base, Optimism, Mantle) and Polygon PoS 2 s; Linea and Scroll taken as 1 s (their blocks come
 * every 1 to 3 s); Unichain 1 s (viem/chains `unichain.blockTime`; 2,592,000 blocks in six ranges). Chunks of at most 500,000 blocks elsewhere (not checked
 * against the default endpoints' range caps: no network here).
 */
export const PAUSE_CHAINS: readonly PauseChain[] = [
  { upstream: 'arbitrum', chainId: CHAINS.arbitrumOne, ...recentChangesWindow(0.25, 3_456_000n), explorer: 'https://arbiscan.io' },
  { upstream: 'base', chainId: CHAINS.baseMainnet, ...recentChangesWindow(2, 500_000n), explorer: 'https://basescan.org' },
  { upstream: 'linea', chainId: CHAINS.lineaMainnet, ...recentChangesWindow(1, 500_000n), explorer: 'https://lineascan.build' },
  { upstream: 'mantle', chainId: CHAINS.mantleMainnet, ...recentChangesWindow(2, 500_000n), explorer: 'https://mantlescan.xyz' },
  { upstream: 'optimism', chainId: CHAINS.optimismMainnet, ...recentChangesWindow(2, 500_000n), explorer: 'https://optimistic.etherscan.io' },
  { upstream: 'polygon', chainId: CHAINS.polygonMainnet, ...recentChangesWindow(2, 500_000n), explorer: 'https://polygonscan.com' },
  { upstream: 'scroll', chainId: CHAINS.scrollMainnet, ...recentChangesWindow(1, 500_000n), explorer: 'https://scrollscan.com' },
  { upstream: 'unichain', chainId: CHAINS.unichainMainnet, ...recentChangesWindow(1, 500_000n), explorer: 'https://uniscan.xyz' },
];

/** The governance system reading one L2's pauses (index.ts, info.ts): `arbitrumguardian`, … */
export const pauseSystemOf = (chain: PauseChain['upstream']): string => `${chain}guardian`;
