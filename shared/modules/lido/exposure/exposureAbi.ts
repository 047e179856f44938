/*
 * The Lido, wstETH, StakingRouter and Chainlink views the exposure reads (lidofinance/docs
 * docs/contracts/lido.md, wsteth.md, staking-router.md; Chainlink AggregatorV3Interface;
 * positions.md §3, §4).
 */

export const erc20BalanceAbi = [
  { type: 'function', name: 'balanceOf', stateMutability: 'view', inputs: [{ name: 'account', type: 'address' }], outputs: [{ name: '', type: 'uint256' }] },
] as const;

export const wstEthAbi = [
  ...erc20BalanceAbi,
  { type: 'function', name: 'stEthPerToken', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
] as const;

export const stakingRouterAbi = [
  {
    type: 'function',
    name: 'getStakingFeeAggregateDistribution',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'modulesFee', type: 'uint96' },
      { name: 'treasuryFee', type: 'uint96' },
      { name: 'basePrecision', type: 'uint256' },
    ],
  },
] as const;

export const aggregatorAbi = [
  {
    type: 'function',
    name: 'latestRoundData',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'roundId', type: 'uint80' },
      { name: 'answer', type: 'int256' },
      { name: 'startedAt', type: 'uint256' },
      { name: 'updatedAt', type: 'uint256' },
      { name: 'answeredInRound', type: 'uint80' },
    ],
  },
] as const;

/** Emitted by stETH on every oracle report (lidofinance/core contracts/0.4.24/Lido.sol). */
export const tokenRebasedEvent = {
  type: 'event',
  name: 'TokenRebased',
  inputs: [
    { name: 'reportTimestamp', type: 'uint256', indexed: true },
    { name: 'timeElapsed', type: 'uint256', indexed: false },
    { name: 'preTotalShares', type: 'uint256', indexed: false },
    { name: 'preTotalEther', type: 'uint256', indexed: false },
    { name: 'postTotalShares', type: 'uint256', indexed: false },
    { name: 'postTotalEther', type: 'uint256', indexed: false },
    { name: 'sharesMintedAsFees', type: 'uint256', indexed: false },
  ],
} as const;
