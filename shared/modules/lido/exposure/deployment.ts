import { STAKING_ROUTER } from '../abi.js';

/** Lido on Ethereum (lidofinance/docs docs/deployed-contracts/index.md; positions.md §3.1, §4). */
export const LIDO = {
  stETH: '0xae7ab96520DE3A18E5e111B5EaAb095312D7fE84',
  wstETH: '0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0',
  stakingRouter: STAKING_ROUTER,
  /** Chainlink ETH/USD, 8 decimals (the WETH feed of Compound's USDC market). */
  ethUsdFeed: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419',
} as const;

/**
 * How far back the second round looks for the last TokenRebased (oracle reports are daily): two
 * days of 12-second slots, so one delayed report still leaves one in range.
 */
export const REBASE_LOOKBACK_BLOCKS = 14_400n;
