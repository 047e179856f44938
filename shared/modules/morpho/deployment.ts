import type { Address } from 'viem';
import { base, mainnet } from 'viem/chains';
import { type LogChain, logWindow } from '../../governance/logChain.js';
import { CHAINS } from '../../upstream/chainIdentity.js';

/*
 * Where Morpho lives on the two chains the module reads. Sources (README.md §Addresses):
 * - Morpho Blue, the same address on Ethereum and Base: morpho-org/sdks packages/blue-sdk/src/addresses.ts;
 *   spark-address-registry src/Ethereum.sol `MORPHO`.
 * - The vaults: morpho-org/morpho-blue-api-metadata data/vaults-listing.json (address, chainId,
 *   curator); the Spark DAI vault also as `MORPHO_VAULT_DAI_1` in sparkdotfi/spark-address-registry.
 *   A FIXED list: the listing's large curators' flagship vaults per chain. Their TVL rank was not
 *   checked against the chain (no network here); README.md says so.
 */

export const MORPHO_BLUE: Address = '0xBBBBBbbBBb9cC5e90e3b3Af64bdAF62C37EEFFCb';

/** A token the module names: its symbol and decimals (the ERC-20's own). */
export interface Token {
  symbol: string;
  decimals: number;
}

/** A MetaMorpho vault the source watches and the exposure reads. */
export interface Vault {
  address: Address;
  name: string;
  curator: string;
  /** The vault's asset (the loan token of every market it supplies to). */
  asset: Address;
}

export type MorphoChainName = 'ethereum' | 'base';

/**
 * One chain: the logs' chain and window (LOOKBACK_SECONDS), its vaults and the tokens it names.
 * Its block time dates a log from the head's timestamp: Base's OP-stack blocks are exactly 2 s
 * apart; Ethereum's slots are 12 s and about 1 % are missed, so a two-week-old Ethereum log is
 * dated a few hours late at most.
 */
export interface MorphoChain extends LogChain {
  name: MorphoChainName;
  upstream: MorphoChainName;
  vaults: readonly Vault[];
  tokens: Readonly<Record<string, Token>>;
}

/**
 * How far back the source reads vault events: the longest timelock (MAX_TIMELOCK, 2 weeks,
 * ConstantsLib.sol) plus two days, so every submission still pending at the head is in range.
 */
const LOOKBACK_SECONDS = 16 * 24 * 3600;

/** Ethereum tokens (lower-case address → symbol, decimals): the tokens' own contracts; the PT tokens as the Spark spells name them. */
const ETHEREUM_TOKENS: Record<string, Token> = {
  '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { symbol: 'USDC', decimals: 6 },
  '0xdac17f958d2ee523a2206206994597c13d831ec7': { symbol: 'USDT', decimals: 6 },
  '0x6b175474e89094c44da98b954eedeac495271d0f': { symbol: 'DAI', decimals: 18 },
  '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': { symbol: 'WETH', decimals: 18 },
  '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599': { symbol: 'WBTC', decimals: 8 },
  '0x7f39c581f595b53c5cb19bd0b3f8da6c935e2ca0': { symbol: 'wstETH', decimals: 18 },
  '0x4c9edd5852cd905f086c759e8383e09bff1e68b3': { symbol: 'USDe', decimals: 18 },
  '0x9d39a5de30e57443bff2a8307a4256c8797a3497': { symbol: 'sUSDe', decimals: 18 },
  // sparkdotfi/spark-spells src/proposals/20250109/SparkEthereum_20250109.sol constants.
  '0xae5099c39f023c91d3dd55244cafb36225b0850e': { symbol: 'PT-sUSDe-24Oct2024', decimals: 18 },
  '0xee9085fc268f6727d5d4293dbabccf901ffdcc29': { symbol: 'PT-sUSDe-26Dec2024', decimals: 18 },
  '0xe00bd3df25fb187d6abbb620b3dfd19839947b81': { symbol: 'PT-sUSDe-27Mar2025', decimals: 18 },
  '0xb7de5dfcb74d25c2f21841fbd6230355c50d9308': { symbol: 'PT-sUSDe-29May2025', decimals: 18 },
};

const BASE_TOKENS: Record<string, Token> = {
  '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': { symbol: 'USDC', decimals: 6 },
  '0x4200000000000000000000000000000000000006': { symbol: 'WETH', decimals: 18 },
  '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf': { symbol: 'cbBTC', decimals: 8 },
};

export const ETHEREUM: MorphoChain = {
  name: 'ethereum',
  upstream: 'ethereum',
  viemChain: mainnet,
  chainId: CHAINS.ethereumMainnet,
  // Ranges of at most 50,000 blocks: public endpoints cap a log query's range at some tens of thousands.
  ...logWindow(LOOKBACK_SECONDS, 12, 50_000n),
  explorer: 'https://etherscan.io',
  tokens: ETHEREUM_TOKENS,
  vaults: [
    { address: '0xBEEF01735c132Ada46AA9aA4c54623cAA92A64CB', name: 'Steakhouse USDC', curator: 'Steakhouse Financial', asset: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    { address: '0xbEef047a543E45807105E51A8BBEFCc5950fcfBa', name: 'Steakhouse USDT', curator: 'Steakhouse Financial', asset: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    { address: '0xdd0f28e19C1780eb6396170735D45153D261490d', name: 'Gauntlet USDC Prime', curator: 'Gauntlet', asset: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    { address: '0x2371e134e3455e0593363cBF89d3b6cf53740618', name: 'Gauntlet WETH Prime', curator: 'Gauntlet', asset: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' },
    { address: '0x73e65DBD630f90604062f6E02fAb9138e713edD9', name: 'Spark DAI Vault', curator: 'SparkDAO', asset: '0x6B175474E89094C44Da98b954EedeAC495271d0F' },
  ],
};

export const BASE: MorphoChain = {
  name: 'base',
  upstream: 'base',
  viemChain: base,
  chainId: CHAINS.baseMainnet,
  ...logWindow(LOOKBACK_SECONDS, 2, 100_000n),
  explorer: 'https://basescan.org',
  tokens: BASE_TOKENS,
  vaults: [
    { address: '0xc1256Ae5FF1cf2719D4937adb3bbCCab2E00A2Ca', name: 'Moonwell Flagship USDC', curator: 'Anthias Labs', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
    { address: '0xa0E430870c4604CcfC7B38Ca7845B1FF653D0ff1', name: 'Moonwell Flagship ETH', curator: 'Anthias Labs', asset: '0x4200000000000000000000000000000000000006' },
    { address: '0x7BfA7C4f149E7415b73bdeDfe609237e29CBF34A', name: 'Spark USDC Vault', curator: 'SparkDAO', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
    { address: '0xeE8F4eC5672F09119b96Ab6fB59C27E1b7e44b61', name: 'Gauntlet USDC Prime', curator: 'Gauntlet', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
    { address: '0xbeeF010f9cb27031ad51e3333f9aF9C6B1228183', name: 'Steakhouse USDC', curator: 'Steakhouse Financial', asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  ],
};

/** A token of a chain by address, or undefined when this build does not name it. */
export const tokenOf = (chain: MorphoChain, address: string): Token | undefined => chain.tokens[address.toLowerCase()];

/** A short, readable form of an address a build does not name: `0x73e6…edd9`. */
export const shortAddress = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`.toLowerCase();

export { vaultMarket } from './vaultMarket.js';
