import { type Address, decodeAbiParameters, encodeFunctionData, type Hex } from 'viem';
import { type EthereumReader, type EvmCall, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { RAY } from '../rates.js';
import { SKY_ETHEREUM } from './deployment.js';
import { potAbi, savingsVaultAbi } from './exposureAbi.js';

/** A wallet's USDS, DAI, sUSDS and sDAI, with what values them and the rates they earn, read in one round. */
export interface SkyHoldingsRead {
  usds: bigint;
  dai: bigint;
  /** Shares of each savings vault, and the chi it applies (its convertToAssets of one ray of shares). */
  sUsds: bigint;
  sUsdsChi: bigint;
  sDai: bigint;
  sDaiChi: bigint;
  /** Per-second rays: sUSDS's own rate and the Pot's, which sDAI earns. */
  ssr: bigint;
  dsr: bigint;
}

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });
const balanceOf = (token: Address, user: Address) => call(token, encodeFunctionData({ abi: savingsVaultAbi, functionName: 'balanceOf', args: [user] }));
/*
 * convertToAssets is shares·chi/RAY in both vaults, so asking it for one ray of shares returns the
 * chi it applies, and balance·chi/RAY is convertToAssets(balance) to the wei: the balance and its
 * value come from the same round instead of a second one that waits for the balance.
 */
const chiOf = (vault: Address) => call(vault, encodeFunctionData({ abi: savingsVaultAbi, functionName: 'convertToAssets', args: [RAY] }));

const UINT = [{ type: 'uint256' }] as const;

const READS = ['USDS.balanceOf', 'DAI.balanceOf', 'sUSDS.balanceOf', 'sUSDS.convertToAssets', 'sUSDS.ssr', 'sDAI.balanceOf', 'sDAI.convertToAssets', 'Pot.dsr'] as const;

/** The one round: every balance, both vaults' chi and both rates, in READS's order. Pure. */
export function skyRoundOne(user: Address): EvmCall[] {
  return [
    balanceOf(SKY_ETHEREUM.usds, user),
    balanceOf(SKY_ETHEREUM.dai, user),
    balanceOf(SKY_ETHEREUM.sUsds, user),
    chiOf(SKY_ETHEREUM.sUsds),
    call(SKY_ETHEREUM.sUsds, encodeFunctionData({ abi: savingsVaultAbi, functionName: 'ssr' })),
    balanceOf(SKY_ETHEREUM.sDai, user),
    chiOf(SKY_ETHEREUM.sDai),
    call(SKY_ETHEREUM.pot, encodeFunctionData({ abi: potAbi, functionName: 'dsr' })),
  ];
}

/**
 * Reads the wallet's Sky holdings in one Multicall3 round on the shared Ethereum reader (the other
 * EVM modules' first reads ride in the same aggregate3). Every read must succeed: a reverted rate
 * or chi would value or price a holding wrongly, so the module fails instead (the scan degrades it).
 */
export async function readSkyHoldings(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<SkyHoldingsRead> {
  const results = await reader.read(skyRoundOne(user), { signal });
  // Every read answers one uint256 (a balance, an amount of assets, a ray).
  const [usds, dai, sUsds, sUsdsChi, ssr, sDai, sDaiChi, dsr] = READS.map((what, index) => decodeAbiParameters(UINT, expectSuccess(results[index], what))[0]) as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
  return { usds, dai, sUsds, sUsdsChi, ssr, sDai, sDaiChi, dsr };
}
