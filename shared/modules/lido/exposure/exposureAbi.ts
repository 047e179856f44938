import { parseAbi } from 'viem';
import { erc20BalanceAbi } from '../../../upstream/clients/erc20Balance.js';

/*
 * The Lido, wstETH, StakingRouter and Chainlink views the exposure reads (lidofinance/docs
 * docs/contracts/lido.md, wsteth.md, staking-router.md; Chainlink AggregatorV3Interface;
 * positions.md §3, §4).
 */

export const wstEthAbi = [
  ...erc20BalanceAbi,
  { type: 'function', name: 'stEthPerToken', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'uint256' }] },
] as const;

/*
 * StakingRouter (lidofinance/core contracts/0.8.9/StakingRouter.sol): the aggregate fee split, and
 * every module's digest (its StakingModule record, with its fees in bps and its status, and the
 * module's validator summary), whose active validators are what the router weighs fees by.
 */
export const stakingRouterAbi = parseAbi([
  'function getStakingFeeAggregateDistribution() view returns (uint96 modulesFee, uint96 treasuryFee, uint256 basePrecision)',
  'struct StakingModule { uint24 id; address stakingModuleAddress; uint16 stakingModuleFee; uint16 treasuryFee; uint16 stakeShareLimit; uint8 status; string name; uint64 lastDepositAt; uint256 lastDepositBlock; uint256 exitedValidatorsCount; uint16 priorityExitShareThreshold; uint64 maxDepositsPerBlock; uint64 minDepositBlockDistance; }',
  'struct StakingModuleSummary { uint256 totalExitedValidators; uint256 totalDepositedValidators; uint256 depositableValidatorsCount; }',
  'struct StakingModuleDigest { uint256 nodeOperatorsCount; uint256 activeNodeOperatorsCount; StakingModule state; StakingModuleSummary summary; }',
  'function getAllStakingModuleDigests() view returns (StakingModuleDigest[])',
]);

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
