import { mainnet } from 'viem/chains';
import { CHAINS } from '../upstream/chainIdentity.js';
import { type LogChain, recentChangesWindow } from './logChain.js';

/*
 * Apart from logChain.ts because it names a viem chain: logChain.ts's shapes and windows are read
 * by modules' info files, which the light functions (catalog, llms.txt) load without any chain library.
 */

/**
 * Ethereum for a source of recent changes: 30 days of 12 s slots (216,000 blocks) in five ranges of
 * at most 50,000 blocks, a range the default Ethereum endpoint answers.
 */
export const ETHEREUM_RECENT_CHANGES: LogChain = {
  upstream: 'ethereum',
  viemChain: mainnet,
  chainId: CHAINS.ethereumMainnet,
  ...recentChangesWindow(12, 50_000n),
  explorer: 'https://etherscan.io',
};

