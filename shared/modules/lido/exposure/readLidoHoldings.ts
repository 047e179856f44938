import { type Address, decodeEventLog, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import type { StakingModuleFees } from '../calculators.js';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, type EvmResult, expectSuccess, type RawLog } from '../../../upstream/clients/ethereumReader.js';
import { LIDO, REBASE_LOOKBACK_BLOCKS } from './deployment.js';
import { erc20BalanceAbi } from '../../../upstream/clients/erc20Balance.js';
import { aggregatorAbi, stakingRouterAbi, tokenRebasedEvent, wstEthAbi } from './exposureAbi.js';
import type { TokenRebased } from './stakingApr.js';
import { stakingModulesFrom } from './stakingModules.js';

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
  /** Each staking module's share and fees; absent when the router's digests could not be read. */
  stakingModules?: StakingModuleFees[];
  /** The newest oracle report in the look-back window, if any. */
  lastRebase?: TokenRebased;
}

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });

/** Round one: balances, the wstETH rate, ETH/USD, the fee split and the modules behind it, and the block. Pure. */
export function lidoRoundOne(user: Address): EvmCall[] {
  return [
    blockNumberCall,
    call(LIDO.stETH, encodeFunctionData({ abi: erc20BalanceAbi, functionName: 'balanceOf', args: [user] })),
    call(LIDO.wstETH, encodeFunctionData({ abi: wstEthAbi, functionName: 'balanceOf', args: [user] })),
    call(LIDO.wstETH, encodeFunctionData({ abi: wstEthAbi, functionName: 'stEthPerToken' })),
    call(LIDO.ethUsdFeed, encodeFunctionData({ abi: aggregatorAbi, functionName: 'latestRoundData' })),
    call(LIDO.stakingRouter, encodeFunctionData({ abi: stakingRouterAbi, functionName: 'getStakingFeeAggregateDistribution' })),
    call(LIDO.stakingRouter, encodeFunctionData({ abi: stakingRouterAbi, functionName: 'getAllStakingModuleDigests' })),
  ];
}

/**
 * The head each reader last saw, and when. The rebase logs of a scan are those of the look-back
 * window up to its block; a reader that saw the head recently asks them from that head's window to
 * 'latest' beside round one (one HTTP request instead of two), and keeps those up to round one's
 * block. A log between a lagging 'latest' and that block could be missed: the APR then comes from
 * the report before, for the seconds the nodes disagree.
 */
const heads = new WeakMap<EthereumReader, { block: bigint; at: number }>();

/** Past this age a head is not used: the range would grow past what public nodes serve. */
const HEAD_MAX_AGE_MS = 60 * 60 * 1000;

/** The last log within the look-back window up to `blockNumber`. Pure. */
export function lastRebaseLog(logs: readonly RawLog[], blockNumber: bigint): RawLog | undefined {
  return logs.filter((log) => log.blockNumber !== null && log.blockNumber <= blockNumber && log.blockNumber >= blockNumber - REBASE_LOOKBACK_BLOCKS).at(-1);
}

/**
 * Reads the wallet's Lido holdings: one Multicall3 round at 'latest'; for a holder, the last
 * TokenRebased up to that block (the APR), asked beside round one when the reader knows a recent
 * head, else in a second request.
 */
export async function readLidoHoldings(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<LidoHoldingsRead | undefined> {
  const head = heads.get(reader);
  const rebases = (fromBlock: bigint, toBlock: bigint | 'latest') => reader.logs({ address: LIDO.stETH, event: tokenRebasedEvent, fromBlock, toBlock }, signal);
  const early = head && Date.now() - head.at < HEAD_MAX_AGE_MS ? rebases(head.block - REBASE_LOOKBACK_BLOCKS, 'latest') : undefined;
  // Not awaited when the wallet holds nothing: its failure must not go unhandled.
  early?.catch(() => undefined);
  const results = await reader.read(lidoRoundOne(user), { signal });
  const names = ['Multicall3.getBlockNumber', 'stETH.balanceOf', 'wstETH.balanceOf', 'wstETH.stEthPerToken', 'ETH/USD latestRoundData', 'StakingRouter.getStakingFeeAggregateDistribution'];
  const [blockData, stEthData, wstEthData, rateData, priceData, feeData] = results.slice(0, names.length).map((result, index) => expectSuccess(result, names[index]!));
  const blockNumber = decodeUint(blockData!);
  heads.set(reader, { block: blockNumber, at: Date.now() });
  const stEth = decodeFunctionResult({ abi: erc20BalanceAbi, functionName: 'balanceOf', data: stEthData! });
  const wstEth = decodeFunctionResult({ abi: wstEthAbi, functionName: 'balanceOf', data: wstEthData! });
  if (stEth === 0n && wstEth === 0n) return undefined;

  const [, answer] = decodeFunctionResult({ abi: aggregatorAbi, functionName: 'latestRoundData', data: priceData! });
  const [modulesFee, treasuryFee, basePrecision] = decodeFunctionResult({ abi: stakingRouterAbi, functionName: 'getStakingFeeAggregateDistribution', data: feeData! });
  const last = lastRebaseLog(await (early ?? rebases(blockNumber - REBASE_LOOKBACK_BLOCKS, blockNumber)), blockNumber);
  const lastRebase = last ? decodeEventLog({ abi: [tokenRebasedEvent], data: last.data, topics: last.topics }).args : undefined;
  const stakingModules = readStakingModules(results[names.length]);

  return {
    blockNumber,
    stEth,
    wstEth,
    stEthPerToken: decodeFunctionResult({ abi: wstEthAbi, functionName: 'stEthPerToken', data: rateData! }),
    ethUsd: answer,
    rewardFee: basePrecision === 0n ? 0 : Number(((modulesFee + treasuryFee) * 10n ** 12n) / basePrecision) / 1e12,
    ...(lastRebase && { lastRebase }),
    ...(stakingModules && { stakingModules }),
  };
}

/**
 * The modules behind the fee, or undefined when the digests reverted: the router warns they are
 * costly to aggregate, so a node's gas cap may stop them, and the position keeps its total fee
 * (read on its own) without the split rather than failing.
 */
function readStakingModules(result: EvmResult | undefined): StakingModuleFees[] | undefined {
  if (!result?.success) return undefined;
  return stakingModulesFrom(decodeFunctionResult({ abi: stakingRouterAbi, functionName: 'getAllStakingModuleDigests', data: result.returnData }));
}
