import type { Address } from 'viem';
import { CHAINS } from '../../../upstream/chainIdentity.js';
import type { UpstreamId } from '../../../upstream/endpoints.js';
import type { CometChain } from '../cometMarketNames.js';

/** How far back a build reads changes made without a vote: they stay in the feed CHANGED_RECENTLY_DAYS (30). */
const WINDOW_DAYS = 30;
const DAY = 24 * 3600;

/** A chain's log window: its block time sets how many blocks 30 days are. */
export interface LogWindow {
  windowBlocks: bigint;
  /** Public endpoints cap one eth_getLogs' range; the window is asked in chunks, in one batch. */
  chunkBlocks: bigint;
}

/** Ethereum: 12 s slots, so 216,000 blocks; five chunks of 50,000 (the range publicnode and most keyless endpoints accept). */
export const ETHEREUM_WINDOW: LogWindow = { windowBlocks: BigInt((WINDOW_DAYS * DAY) / 12), chunkBlocks: 50_000n };

/** A MarketUpdateTimelock and the Configurator its calls reach, on one chain. */
export interface MarketUpdateDeployment {
  chain: CometChain & UpstreamId;
  chainId: string;
  timelock: Address;
  configurator: Address;
  explorer: string;
  window: LogWindow;
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
    chain: 'optimism',
    chainId: CHAINS.optimismMainnet,
    timelock: '0x81Bc6016Fa365bfE929a51Eec9217B441B598eC6',
    configurator: '0x84E93EC6170ED630f5ebD89A1AAE72d4F63f2713',
    explorer: 'https://optimistic.etherscan.io',
    window: { windowBlocks: BigInt((WINDOW_DAYS * DAY) / 2), chunkBlocks: 500_000n },
  },
];

/** An L2 whose Comets' pauses are read: its upstream, chain id, explorer and 30-day window. */
export interface PauseChain {
  chain: CometChain & UpstreamId;
  chainId: string;
  explorer: string;
  window: LogWindow;
}

/** 30 days of blocks `secondsPerBlock` apart, asked in chunks of `chunkBlocks`. */
const windowOf = (secondsPerBlock: number, chunkBlocks: bigint): LogWindow => ({ windowBlocks: BigInt(Math.ceil((WINDOW_DAYS * DAY) / secondsPerBlock)), chunkBlocks });

/**
 * Every L2 the compound exposure reads Comets on (exposure/markets.ts: Unichain has no upstream),
 * each read as Ethereum is. Block times are the fastest each chain makes, so a window covers at
 * least 30 days: Arbitrum 0.25 s (10,368,000 blocks in three ranges, as Aave's Arbitrum stewards
 * ask); the OP-stack chains (Base, Optimism, Mantle) and Polygon PoS 2 s; Linea and Scroll taken as
 * 1 s (their blocks come every 1 to 3 s). Chunks of at most 500,000 blocks elsewhere (not checked
 * against the default endpoints' range caps: no network here).
 */
export const PAUSE_CHAINS: readonly PauseChain[] = [
  { chain: 'arbitrum', chainId: CHAINS.arbitrumOne, explorer: 'https://arbiscan.io', window: windowOf(0.25, 3_456_000n) },
  { chain: 'base', chainId: CHAINS.baseMainnet, explorer: 'https://basescan.org', window: windowOf(2, 500_000n) },
  { chain: 'linea', chainId: CHAINS.lineaMainnet, explorer: 'https://lineascan.build', window: windowOf(1, 500_000n) },
  { chain: 'mantle', chainId: CHAINS.mantleMainnet, explorer: 'https://mantlescan.xyz', window: windowOf(2, 500_000n) },
  { chain: 'optimism', chainId: CHAINS.optimismMainnet, explorer: 'https://optimistic.etherscan.io', window: windowOf(2, 500_000n) },
  { chain: 'polygon', chainId: CHAINS.polygonMainnet, explorer: 'https://polygonscan.com', window: windowOf(2, 500_000n) },
  { chain: 'scroll', chainId: CHAINS.scrollMainnet, explorer: 'https://scrollscan.com', window: windowOf(1, 500_000n) },
];

/** The governance system reading one L2's pauses (index.ts, info.ts): `arbitrumguardian`, … */
export const pauseSystemOf = (chain: PauseChain['chain']): string => `${chain}guardian`;
