import { type Address, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';
import { blockNumberCall, decodeUint, type EthereumReader, type EvmCall, type EvmResult, expectSuccess } from '../../../upstream/clients/ethereumReader.js';
import { aggregatorAbi, morphoBlueAbi, oracleAbi, vaultAbi } from '../abi.js';
import { ETHEREUM, MORPHO_BLUE, type Vault } from '../deployment.js';
import type { MarketParams } from '../readVaultGovernance.js';
import { BLUE_MARKETS, marketId, USD_FEEDS } from './blueMarkets.js';

/** A vault the wallet holds shares of. */
export interface VaultHoldingRead {
  vault: Vault;
  shares: bigint;
  /** convertToAssets(shares): what the shares are worth in the vault's asset, at the round's block. */
  assets: bigint;
  /** The vault's performance fee, WAD. */
  fee: bigint;
}

/** The wallet's position in one Morpho Blue market, with the market's totals and its oracle's price. */
export interface BluePositionRead {
  params: MarketParams;
  id: Hex;
  supplyShares: bigint;
  borrowShares: bigint;
  collateral: bigint;
  totalSupplyAssets: bigint;
  totalSupplyShares: bigint;
  totalBorrowAssets: bigint;
  totalBorrowShares: bigint;
  /** IOracle.price() (1e36-scaled); absent when the oracle reverted: the position then has no health factor. */
  price?: bigint;
}

export interface MorphoAccountRead {
  vaults: VaultHoldingRead[];
  blue: BluePositionRead[];
  /** USD per whole token, by symbol, from Chainlink (8 decimals); absent when a feed reverted or answered ≤ 0. */
  usd: Record<string, number>;
}

const call = (target: Address, callData: Hex): EvmCall => ({ target, callData });
const MARKETS = BLUE_MARKETS.map((params) => ({ params, id: marketId(params) }));
const FEEDS = Object.entries(USD_FEEDS);

/** Round one: the block, each listed vault's balance and fee, each listed market's position, totals and price, the USD feeds. Pure. */
export function morphoRoundOne(user: Address): EvmCall[] {
  return [
    blockNumberCall,
    ...ETHEREUM.vaults.flatMap((vault) => [
      call(vault.address, encodeFunctionData({ abi: vaultAbi, functionName: 'balanceOf', args: [user] })),
      call(vault.address, encodeFunctionData({ abi: vaultAbi, functionName: 'fee' })),
    ]),
    ...MARKETS.flatMap(({ params, id }) => [
      call(MORPHO_BLUE, encodeFunctionData({ abi: morphoBlueAbi, functionName: 'position', args: [id, user] })),
      call(MORPHO_BLUE, encodeFunctionData({ abi: morphoBlueAbi, functionName: 'market', args: [id] })),
      call(params.oracle, encodeFunctionData({ abi: oracleAbi, functionName: 'price' })),
    ]),
    ...FEEDS.map(([, feed]) => call(feed, encodeFunctionData({ abi: aggregatorAbi, functionName: 'latestRoundData' }))),
  ];
}

/** Round two: what each held vault's shares are worth (ERC-4626 convertToAssets), at round one's block. Pure. */
export const morphoRoundTwo = (held: readonly { vault: Vault; shares: bigint }[]): EvmCall[] =>
  held.map(({ vault, shares }) => call(vault.address, encodeFunctionData({ abi: vaultAbi, functionName: 'convertToAssets', args: [shares] })));

/**
 * Reads the wallet's Morpho holdings on Ethereum through the shared reader: round one at 'latest'
 * rides in the same aggregate3 as the other EVM modules' first reads; a vault holder adds round
 * two (convertToAssets of the shares) at that block, beside the other modules' second reads. So a
 * scan stays at two HTTP requests to `ethereum`, one for a wallet with no vault shares.
 */
export async function readMorphoAccount(reader: EthereumReader, user: Address, signal: AbortSignal): Promise<MorphoAccountRead> {
  const first = await reader.read(morphoRoundOne(user), { signal });
  const blockNumber = decodeUint(expectSuccess(first[0], 'Multicall3.getBlockNumber'));
  let at = 1;
  const vaultReads = ETHEREUM.vaults.map((vault) => {
    const shares = decodeFunctionResult({ abi: vaultAbi, functionName: 'balanceOf', data: expectSuccess(first[at++], `${vault.name} balanceOf`) });
    const fee = decodeFunctionResult({ abi: vaultAbi, functionName: 'fee', data: expectSuccess(first[at++], `${vault.name} fee`) });
    return { vault, shares, fee };
  });
  const blue = MARKETS.flatMap(({ params, id }): BluePositionRead[] => {
    const [supplyShares, borrowShares, collateral] = decodeFunctionResult({ abi: morphoBlueAbi, functionName: 'position', data: expectSuccess(first[at++], 'Morpho.position') });
    const [totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares] = decodeFunctionResult({ abi: morphoBlueAbi, functionName: 'market', data: expectSuccess(first[at++], 'Morpho.market') });
    const price = optionalUint(first[at++]);
    if (supplyShares === 0n && borrowShares === 0n && collateral === 0n) return [];
    return [{ params, id, supplyShares, borrowShares, collateral, totalSupplyAssets, totalSupplyShares, totalBorrowAssets, totalBorrowShares, ...(price !== undefined && { price }) }];
  });
  const usd: Record<string, number> = {};
  for (const [symbol] of FEEDS) {
    const result = first[at++];
    if (!result?.success) continue;
    const [, answer] = decodeFunctionResult({ abi: aggregatorAbi, functionName: 'latestRoundData', data: result.returnData });
    if (answer > 0n) usd[symbol] = Number(answer) / 1e8;
  }

  const held = vaultReads.filter((entry) => entry.shares > 0n);
  const second = await reader.read(morphoRoundTwo(held), { blockNumber, signal });
  const vaults = held.map((entry, index) => ({
    ...entry,
    assets: decodeFunctionResult({ abi: vaultAbi, functionName: 'convertToAssets', data: expectSuccess(second[index], `${entry.vault.name} convertToAssets`) }),
  }));
  return { vaults, blue, usd };
}

function optionalUint(result: EvmResult | undefined): bigint | undefined {
  if (!result?.success) return undefined;
  try {
    return decodeFunctionResult({ abi: oracleAbi, functionName: 'price', data: result.returnData });
  } catch {
    return undefined;
  }
}
