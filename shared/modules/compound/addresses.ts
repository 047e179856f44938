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
/** Compound v2 Comptroller (Unitroller proxy). */
export const COMPTROLLER: Address = '0x3d9819210A31b4961b30EF54bE2aeD79B9c9Cd3B';

/** The COMP token's decimals: votes and quorums are raw 18-decimal integers. */
export const COMP_DECIMALS = 18;

/** A Compound v2 market: its underlying's symbol and decimals, and the cToken's own symbol. */
export interface V2Market extends KnownToken {
  cSymbol: string;
}

/**
 * Compound v2 cTokens (lower case) → their market: every market the Comptroller lists, none ever
 * delisted (Comptroller.sol has no unlisting). compound-finance/compound-protocol networks/mainnet.json
 * at a3214f67b73310d547e00fc578e8355911c9d376 (cTokens and Tokens); cFEI from compound-finance/comet
 * deployments/mainnet/usdc/migrations/1670434836_v2_maintenance_1.ts; cUSDP (listed after that file)
 * from public v2 market lists, its underlying Paxos' USDP (18 decimals). cETH's underlying is ether.
 * Changes (borrow caps, collateral factors) and positions use these names; v2 borrow caps are in the
 * underlying's units.
 */
export const CTOKENS: Readonly<Record<string, V2Market>> = {
  '0x6c8c6b02e7b2be14d4fa6022dfd6d75921d90e4e': { cSymbol: 'cBAT', symbol: 'BAT', decimals: 18 },
  '0x70e36f6bf80a52b3b46b3af8e106cc0ed743e8e4': { cSymbol: 'cCOMP', symbol: 'COMP', decimals: 18 },
  '0x5d3a536e4d6dbd6114cc1ead35777bab948e3643': { cSymbol: 'cDAI', symbol: 'DAI', decimals: 18 },
  '0x4ddc2d193948926d02f9b1fe9e1daa0718270ed5': { cSymbol: 'cETH', symbol: 'ETH', decimals: 18 },
  '0x7713dd9ca933848f6819f38b8352d9a15ea73f67': { cSymbol: 'cFEI', symbol: 'FEI', decimals: 18 },
  '0xface851a4921ce59e912d19329929ce6da6eb0c7': { cSymbol: 'cLINK', symbol: 'LINK', decimals: 18 },
  '0x95b4ef2869ebd94beb4eee400a99824bf5dc325b': { cSymbol: 'cMKR', symbol: 'MKR', decimals: 18 },
  '0x158079ee67fce2f58472a96584a73c7ab9ac95c1': { cSymbol: 'cREP', symbol: 'REP', decimals: 18 },
  '0xf5dce57282a584d2746faf1593d3121fcac444dc': { cSymbol: 'cSAI', symbol: 'SAI', decimals: 18 },
  '0x4b0181102a0112a2ef11abee5563bb4a3176c9d7': { cSymbol: 'cSUSHI', symbol: 'SUSHI', decimals: 18 },
  '0x12392f67bdf24fae0af363c24ac620a2f67dad86': { cSymbol: 'cTUSD', symbol: 'TUSD', decimals: 18 },
  '0x35a18000230da775cac24873d00ff85bccded550': { cSymbol: 'cUNI', symbol: 'UNI', decimals: 18 },
  '0x39aa39c021dfbae8fac545936693ac917d5e7563': { cSymbol: 'cUSDC', symbol: 'USDC', decimals: 6 },
  '0x041171993284df560249b57358f931d9eb7b925d': { cSymbol: 'cUSDP', symbol: 'USDP', decimals: 18 },
  '0xf650c3d88d12db855b8bf7d11be6c55a4e07dcc9': { cSymbol: 'cUSDT', symbol: 'USDT', decimals: 6 },
  // Two WBTC markets: the legacy cWBTC and cWBTC2; the cToken symbol tells their positions apart.
  '0xc11b1268c1a384e55c48c2391d8d480264a3a7f4': { cSymbol: 'cWBTC', symbol: 'WBTC', decimals: 8 },
  '0xccf4429db6322d5c611ee964527d42e5d685dd6a': { cSymbol: 'cWBTC2', symbol: 'WBTC', decimals: 8 },
  '0x80a2ae356fc9ef4305676f7a3e2ed04e12c33946': { cSymbol: 'cYFI', symbol: 'YFI', decimals: 18 },
  '0xb3319f5d18bc0d84dd1b4825dcde5d5f7266d407': { cSymbol: 'cZRX', symbol: 'ZRX', decimals: 18 },
  '0xe65cdb6479bac1e22340e4e755fae7e509ecd06c': { cSymbol: 'cAAVE', symbol: 'AAVE', decimals: 18 },
};

/** The market name of Compound v2 changes. */
export const V2_MARKET = 'compound-v2';
