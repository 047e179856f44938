import type { KnownToken } from './tokens.js';
export { type KnownToken, TOKENS } from './tokens.js';
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
