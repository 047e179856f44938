import { type Address, decodeEventLog, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import type { StakingModuleFees } from '../calculators.js';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, type EvmResult, expectSuccess, type RawLog } from '../../../upstream/clients/ethereumReader.js';
import { LIDO, REBASE_LOOKBACK_BLOCKS } from './deployment.js';
import { erc20BalanceAbi } from '../../../upstream/clients/erc20Balance.js';
import { aggregatorAbi, stakingRouterAbi, tokenRebasedEvent, wstEthAbi } from './exposureAbi.js';
import type { TokenRebased } from './stakingApr.js';
import { stakingModulesFrom } from './stakingModules.js';
import { heldBefore } from '../../../readers/heldBefore.js';

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

/** The wallet's reads: the block and its two balances; all a wallet that holds nothing is asked. Pure. */
export function lidoProbe(user: Address): EvmCall[] {
  return [
    blockNumberCall,
    call(LIDO.stETH, encodeFunctionData({ abi: erc20BalanceAbi, functionName: 'balanceOf', args: [user] })),
    call(LIDO.wstETH, encodeFunctionData({ abi: wstEthAbi, functionName: 'balanceOf', args: [user] })),
  ];
}

/** What values and simulates a holding: the wstETH rate, ETH/USD, the fee split and the modules behind it. */
const VALUING: readonly EvmCall[] = [
  call(LIDO.wstETH, encodeFunctionData({ abi: wstEthAbi, functionName: 'stEthPerToken' })),
  call(LIDO.ethUsdFeed, encodeFunctionData({ abi: aggregatorAbi, functionName: 'latestRoundData' })),
  call(LIDO.stakingRouter, encodeFunctionData({ abi: stakingRouterAbi, functionName: 'getStakingFeeAggregateDistribution' })),
  call(LIDO.stakingRouter, encodeFunctionData({ abi: stakingRouterAbi, functionName: 'getAllStakingModuleDigests' })),
];

/** Round one: the probe, with the valuing reads when `full` (the wallet held stETH or wstETH at its last scan here). Pure. */
export function lidoRoundOne(user: Address, full = true): EvmCall[] {
  return full ? [...lidoProbe(user), ...VALUING] : lidoProbe(user);
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

/** Where a wallet's holdings are remembered (heldBefore.ts): Lido is one market. */
const MARKET = 'lido';

/**
 * Reads the wallet's Lido holdings at one block. A wallet that held stETH or wstETH at its last
 * scan here is read in full in one round at 'latest' (balances and what values them), with the last
 * TokenRebased up to that block (the APR) asked beside it when the reader knows a recent head, else
 * after it. Any other wallet is probed (the block and two balances; no logs, no router digests);
 * if it now holds, the valuing reads and the logs follow at the probe's block: a second request.
 */
export async function readLidoHoldings(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<LidoHoldingsRead | undefined> {
  const memory = heldBefore(reader);
  const full = memory.held(user, MARKET);
  const head = heads.get(reader);
  const rebases = (fromBlock: bigint, toBlock: bigint | 'latest') => reader.logs({ address: LIDO.stETH, event: tokenRebasedEvent, fromBlock, toBlock }, signal);
  const early = full && head && Date.now() - head.at < HEAD_MAX_AGE_MS ? rebases(head.block - REBASE_LOOKBACK_BLOCKS, 'latest') : undefined;
  // Not awaited when the wallet holds nothing: its failure must not go unhandled.
  early?.catch(() => undefined);
  const first = await reader.read(lidoRoundOne(user, full), { signal });
  const [blockData, stEthData, wstEthData] = first.slice(0, PROBE_NAMES.length).map((result, index) => expectSuccess(result, PROBE_NAMES[index]!));
  const blockNumber = decodeUint(blockData!);
  heads.set(reader, { block: blockNumber, at: Date.now() });
  const stEth = decodeUint(stEthData!);
  const wstEth = decodeUint(wstEthData!);
  memory.remember(user, MARKET, stEth > 0n || wstEth > 0n);
  if (stEth === 0n && wstEth === 0n) return undefined;

  // Asked together, so they share one request: the valuing reads and the logs at the probe's block.
  const logs = early ?? rebases(blockNumber - REBASE_LOOKBACK_BLOCKS, blockNumber);
  logs.catch(() => undefined);
  const valuing = full ? first.slice(PROBE_NAMES.length) : await reader.read(VALUING, { blockNumber, signal });
  const [rateData, priceData, feeData] = valuing.slice(0, VALUING_NAMES.length).map((result, index) => expectSuccess(result, VALUING_NAMES[index]!));
  const [, answer] = decodeFunctionResult({ abi: aggregatorAbi, functionName: 'latestRoundData', data: priceData! });
  const [modulesFee, treasuryFee, basePrecision] = decodeFunctionResult({ abi: stakingRouterAbi, functionName: 'getStakingFeeAggregateDistribution', data: feeData! });
  const last = lastRebaseLog(await logs, blockNumber);
  const lastRebase = last ? decodeEventLog({ abi: [tokenRebasedEvent], data: last.data, topics: last.topics }).args : undefined;
  const stakingModules = readStakingModules(valuing[VALUING_NAMES.length]);

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

const PROBE_NAMES = ['Multicall3.getBlockNumber', 'stETH.balanceOf', 'wstETH.balanceOf'];
const VALUING_NAMES = ['wstETH.stEthPerToken', 'ETH/USD latestRoundData', 'StakingRouter.getStakingFeeAggregateDistribution'];

/**
 * The modules behind the fee, or undefined when the digests reverted: the router warns they are
 * costly to aggregate, so a node's gas cap may stop them, and the position keeps its total fee
 * (read on its own) without the split rather than failing.
 */
function readStakingModules(result: EvmResult | undefined): StakingModuleFees[] | undefined {
  if (!result?.success) return undefined;
  return stakingModulesFrom(decodeFunctionResult({ abi: stakingRouterAbi, functionName: 'getAllStakingModuleDigests', data: result.returnData }));
}
