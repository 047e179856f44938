import { type Address, decodeEventLog, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { LIDO, REBASE_LOOKBACK_BLOCKS } from './deployment.js';
import { aggregatorAbi, erc20BalanceAbi, stakingRouterAbi, tokenRebasedEvent, wstEthAbi } from './exposureAbi.js';
import type { TokenRebased } from './stakingApr.js';

/** A wallet's stETH and wstETH, with what values and simulates them, read at one block. */
export interface LidoHoldingsRead {
  blockNumber: bigint;
  stEth: bigint;
  wstEth: bigint;
  /** stETH per wstETH, 1e18. */
  stEthPerToken: bigint;
  /** Chainlink ETH/USD answer, 8 decimals. */
  ethUsd: bigint;
  /** Protocol fee on rewards as a fraction (modules + treasury over the base precision). */
  rewardFee: number;
  /** The newest oracle report in the look-back window, if any. */
  lastRebase?: TokenRebased;
}

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });

/** Round one: balances, the wstETH rate, ETH/USD, the fee split, and the block. Pure. */
export function lidoRoundOne(user: Address): EvmCall[] {
  return [
    blockNumberCall,
    call(LIDO.stETH, encodeFunctionData({ abi: erc20BalanceAbi, functionName: 'balanceOf', args: [user] })),
    call(LIDO.wstETH, encodeFunctionData({ abi: wstEthAbi, functionName: 'balanceOf', args: [user] })),
    call(LIDO.wstETH, encodeFunctionData({ abi: wstEthAbi, functionName: 'stEthPerToken' })),
    call(LIDO.ethUsdFeed, encodeFunctionData({ abi: aggregatorAbi, functionName: 'latestRoundData' })),
    call(LIDO.stakingRouter, encodeFunctionData({ abi: stakingRouterAbi, functionName: 'getStakingFeeAggregateDistribution' })),
  ];
}

/**
 * Reads the wallet's Lido holdings: one Multicall3 round at 'latest'; then, only for a holder, the
 * last TokenRebased up to that block (the APR), in the second request.
 */
export async function readLidoHoldings(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<LidoHoldingsRead | undefined> {
  const results = await reader.read(lidoRoundOne(user), { signal });
  const names = ['Multicall3.getBlockNumber', 'stETH.balanceOf', 'wstETH.balanceOf', 'wstETH.stEthPerToken', 'ETH/USD latestRoundData', 'StakingRouter.getStakingFeeAggregateDistribution'];
  const [blockData, stEthData, wstEthData, rateData, priceData, feeData] = results.map((result, index) => expectSuccess(result, names[index]!));
  const stEth = decodeFunctionResult({ abi: erc20BalanceAbi, functionName: 'balanceOf', data: stEthData! });
  const wstEth = decodeFunctionResult({ abi: wstEthAbi, functionName: 'balanceOf', data: wstEthData! });
  if (stEth === 0n && wstEth === 0n) return undefined;

  const blockNumber = decodeUint(blockData!);
  const [, answer] = decodeFunctionResult({ abi: aggregatorAbi, functionName: 'latestRoundData', data: priceData! });
  const [modulesFee, treasuryFee, basePrecision] = decodeFunctionResult({ abi: stakingRouterAbi, functionName: 'getStakingFeeAggregateDistribution', data: feeData! });
  const logs = await reader.logs({ address: LIDO.stETH, event: tokenRebasedEvent, fromBlock: blockNumber - REBASE_LOOKBACK_BLOCKS, toBlock: blockNumber }, signal);
  const last = logs.at(-1);
  const lastRebase = last ? decodeEventLog({ abi: [tokenRebasedEvent], data: last.data, topics: last.topics }).args : undefined;

  return {
    blockNumber,
    stEth,
    wstEth,
    stEthPerToken: decodeFunctionResult({ abi: wstEthAbi, functionName: 'stEthPerToken', data: rateData! }),
    ethUsd: answer,
    rewardFee: basePrecision === 0n ? 0 : Number(((modulesFee + treasuryFee) * 10n ** 12n) / basePrecision) / 1e12,
    ...(lastRebase && { lastRebase }),
  };
}
