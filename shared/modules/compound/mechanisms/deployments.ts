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
