/*
 * Comet proxies by chain, from compound-finance/comet deployments/<chain>/<market>/roots.json at
 * d5a30b0aaeff7755f1431e87f818990902237b03 (2026-05-29). A market is named comet-<market folder>
 * on Ethereum (the exposure's names, so a change reaches the positions in it) and
 * comet-<market folder>-<chain> elsewhere.
 */

/** The chains whose Comets Ethereum governance reaches through a bridge (the L1 contracts below). */
export type CometChain = 'ethereum' | 'arbitrum' | 'base' | 'linea' | 'mantle' | 'optimism' | 'polygon' | 'scroll' | 'unichain';

/** Comet proxies (lower case) → their market folder, per chain; USDC and WETH first on Ethereum, the markets read longest. */
const FOLDERS: Readonly<Record<CometChain, Readonly<Record<string, string>>>> = {
  ethereum: {
    '0xc3d688b66703497daa19211eedff47f25384cdc3': 'usdc',
    '0xa17581a9e3356d9a858b789d68b4d866e593ae94': 'weth',
    '0x3afdc9bca9213a35503b077a6072f3d0d5ab0840': 'usdt',
    '0x3d0bb1ccab520a66e607822fc55bc921738fafe3': 'wsteth',
    '0x5d409e56d886231adaf00c8775665ad0f9897b56': 'usds',
    '0xe85dc543813b8c2cfeaac371517b925a166a9293': 'wbtc',
  },
  arbitrum: {
    '0x9c4ec768c28520b50860ea7a15bd7213a9ff58bf': 'usdc',
    '0xa5edbdd9646f8dff606d7448e414884c7d905dca': 'usdc.e',
    '0xd98be00b5d27fc98112bde293e487f8d4ca57d07': 'usdt',
    '0x6f7d514bbd4aff3bcd1140b7344b32f063dee486': 'weth',
  },
  base: {
    '0x784efeb622244d2348d4f2522f8860b96fbece89': 'aero',
    // The same address as Arbitrum's USDC Comet (same deployer and nonce): only the chain tells them apart.
    '0x9c4ec768c28520b50860ea7a15bd7213a9ff58bf': 'usdbc',
    '0xb125e6687d4313864e53df431d5425969c15eb2f': 'usdc',
    '0x2c776041ccfe903071af44aa147368a9c8eea518': 'usds',
    '0x46e6b214b524310239732d51387075e0e70970bf': 'weth',
  },
  linea: {
    '0x8d38a3d6b3c3b7d96d6536da7eef94a9d7dbc991': 'usdc',
    '0x60f2058379716a64a7a5d29219397e79bc552194': 'weth',
  },
  mantle: { '0x606174f62cd968d8e684c645080fa694c1d7786e': 'usde' },
  optimism: {
    '0x2e44e174f7d53f0212823acc11c01a11d58c5bcb': 'usdc',
    '0x995e394b8b2437ac8ce61ee0bc610d617962b214': 'usdt',
    '0xe36a30d249f7761327fd973001a32010b521b6fd': 'weth',
  },
  polygon: {
    '0xf25212e676d1f7f89cd72ffee66158f541246445': 'usdc',
    '0xaeb318360f27748acb200ce616e389a6c9409a07': 'usdt',
  },
  scroll: { '0xb2f97c1bd3bf02f5e74d13f02e3e26f93d77ce44': 'usdc' },
  unichain: {
    '0x2c7118c4c88b9841fcf839074c26ae8f035f2921': 'usdc',
    '0x6c987dde50db1dcdd32cd4175778c2a291978e2a': 'weth',
  },
};

/** A Comet's market name: `comet-<folder>` on Ethereum (as before any other chain was read), `comet-<folder>-<chain>` elsewhere. Pure. */
export const cometMarketSlug = (chain: CometChain, folder: string): string => (chain === 'ethereum' ? `comet-${folder}` : `comet-${folder}-${chain}`);

/** One Comet deployment: the chain, compound's market folder, the proxy (lower case) and the market name. */
export interface CometDeployment {
  chain: CometChain;
  folder: string;
  comet: string;
  market: string;
}

/** Every Comet deployment above, chain by chain in the order of FOLDERS. */
export const COMET_DEPLOYMENTS: readonly CometDeployment[] = Object.entries(FOLDERS).flatMap(([chain, comets]) =>
  Object.entries(comets).map(([comet, folder]) => ({ chain: chain as CometChain, folder, comet, market: cometMarketSlug(chain as CometChain, folder) })),
);

/** Comet proxies (lower case) → market name, per chain. */
export const COMET_MARKET_NAMES: Readonly<Record<CometChain, Readonly<Record<string, string>>>> = Object.fromEntries(
  Object.entries(FOLDERS).map(([chain, comets]) => [chain, Object.fromEntries(Object.entries(comets).map(([comet, folder]) => [comet, cometMarketSlug(chain as CometChain, folder)]))]),
) as Record<CometChain, Record<string, string>>;

/**
 * The L1 contracts the Timelock calls to reach each L2's BridgeReceiver (lower case) → the chain
 * (comet deployments/mainnet/usdc/roots.json at the commit above: fxRoot, arbitrumInbox,
 * *L1CrossDomainMessenger, scrollMessenger, lineaMessageService).
 */
export const L1_BRIDGES: Readonly<Record<string, Exclude<CometChain, 'ethereum'>>> = {
  '0xfe5e5d361b2ad62c541bab87c45a0b9b018389a2': 'polygon',
  '0x4dbd4fc535ac27206064b68ffcf827b0a60bab3f': 'arbitrum',
  '0x866e82a600a1414e583f7f13623f1ac5d58b0afa': 'base',
  '0x25ace71c97b33cc4729cf772ae268934f7ab5fa1': 'optimism',
  '0x676a795fe6e43c17c668de16730c3f690feb7120': 'mantle',
  '0x9a3d64e386c18cb1d6d5179a9596a4b5736e98a6': 'unichain',
  '0x6774bcbd5cecef1336b5300fb5186a12ddd8b367': 'scroll',
  '0xd19d4b5d358258f05d7b411e21a1460d11b0876f': 'linea',
};

/**
 * A Comet proxy's market name on `chain`. A message through a bridge we do not know has no chain:
 * the address then names a market only when one chain has it (two chains share 0x9c4e…58bf).
 * Undefined for a proxy this build does not list. Pure.
 */
export function cometMarketName(comet: string, chain: CometChain | undefined): string | undefined {
  const address = comet.toLowerCase();
  if (chain) return COMET_MARKET_NAMES[chain][address];
  const names = Object.values(COMET_MARKET_NAMES).flatMap((comets) => (comets[address] ? [comets[address]] : []));
  return names.length === 1 ? names[0] : undefined;
}

/** The chain of a Comet proxy when exactly one chain has a Comet there (a proxy address may repeat across chains). Pure. */
export function cometChainOf(comet: string): CometChain | undefined {
  const address = comet.toLowerCase();
  const chains = (Object.keys(COMET_MARKET_NAMES) as CometChain[]).filter((chain) => COMET_MARKET_NAMES[chain][address]);
  return chains.length === 1 ? chains[0] : undefined;
}
