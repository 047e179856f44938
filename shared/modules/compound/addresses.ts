import { COMET_MARKETS as EXPOSURE_MARKETS } from './exposure/markets.js';
import type { Address } from 'viem';

/*
 * Ethereum mainnet addresses the Compound source reads or recognizes. Governors, Timelock and
 * Configurator: shared/research/sources.md §3 (compound-finance/compound-governance
 * script/CompoundGovernorConstants.sol, compound-finance/comet deployments/mainnet/*). Comet proxies
 * and the CometProxyAdmin also appear as targets and arguments of Bravo proposal 140.
 */

export const GOVERNOR_BRAVO: Address = '0xc0Da02939E1441F497fd74F78cE7Decb17B66529';
/** CompoundGovernor proxy; its ids continue Bravo's (setNextProposalId), so an id lives in exactly one. */
export const COMPOUND_GOVERNOR: Address = '0x309a862bbC1A00e45506cB8A802D1ff10004c8C0';
export const COMET_CONFIGURATOR: Address = '0x316f9708bB98af7dA9c68C1C3b5e79039cD336E3';
export const COMET_PROXY_ADMIN: Address = '0x1EC63B5883C3481134FD50D5DAebc83Ecd2E8779';
/** Compound v2 Comptroller (Unitroller proxy). */
export const COMPTROLLER: Address = '0x3d9819210A31b4961b30EF54bE2aeD79B9c9Cd3B';

/** The COMP token's decimals: votes and quorums are raw 18-decimal integers. */
export const COMP_DECIMALS = 18;

/**
 * Comet proxies by address (lower case) → the market name changes carry: the exposure's names
 * (exposure/markets.ts), so a change to a market reaches the positions in it.
 */
export const COMET_MARKETS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EXPOSURE_MARKETS.map(({ comet, market }) => [comet.toLowerCase(), market])),
  // woof-software/comet deployments/unichain/usdc/migrations/1746137720_update_caps.ts
  '0x2c7118c4c88b9841fcf839074c26ae8f035f2921': 'comet-usdc-unichain',
};

export interface KnownToken {
  symbol: string;
  decimals: number;
}

/** ERC-20s used as Comet collateral (lower case address → symbol, decimals). */
export const TOKENS: Readonly<Record<string, KnownToken>> = {
  '0xc00e94cb662c3520282e6f5717214004a7f26888': { symbol: 'COMP', decimals: 18 },
  '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984': { symbol: 'UNI', decimals: 18 },
  '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599': { symbol: 'WBTC', decimals: 8 },
  '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': { symbol: 'WETH', decimals: 18 },
  '0x514910771af9ca656af840dff83e8264ecf986ca': { symbol: 'LINK', decimals: 18 },
  '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { symbol: 'USDC', decimals: 6 },
  '0x7f39c581f595b53c5cb19bd0b3f8da6c935e2ca0': { symbol: 'wstETH', decimals: 18 },
  '0xbe9895146f7af43049ca1c1ae358b0541ea49704': { symbol: 'cbETH', decimals: 18 },
  '0xae78736cd615f374d3085123a210448e74fc6393': { symbol: 'rETH', decimals: 18 },
  // On OP-stack chains (Optimism, Base, Unichain) WETH is the predeploy 0x4200…0006.
  '0x4200000000000000000000000000000000000006': { symbol: 'WETH', decimals: 18 },
  // UNI on Unichain (same migration as above).
  '0x8f187aa05619a017077f5308904739877ce9ea21': { symbol: 'UNI', decimals: 18 },
};

/** Compound v2 cTokens (lower case) → their underlying, whose units v2 borrow caps are in. */
export const CTOKENS: Readonly<Record<string, KnownToken>> = {
  '0x6c8c6b02e7b2be14d4fa6022dfd6d75921d90e4e': { symbol: 'BAT', decimals: 18 },
  '0x70e36f6bf80a52b3b46b3af8e106cc0ed743e8e4': { symbol: 'COMP', decimals: 18 },
  '0x4b0181102a0112a2ef11abee5563bb4a3176c9d7': { symbol: 'SUSHI', decimals: 18 },
  '0xface851a4921ce59e912d19329929ce6da6eb0c7': { symbol: 'LINK', decimals: 18 },
  '0x35a18000230da775cac24873d00ff85bccded550': { symbol: 'UNI', decimals: 18 },
};

/** The market name of Compound v2 changes. */
export const V2_MARKET = 'compound-v2';
