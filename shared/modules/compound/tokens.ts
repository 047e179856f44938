import type { CometChain } from './cometMarketNames.js';

export interface KnownToken {
  symbol: string;
  decimals: number;
}

/** A Comet asset or base token: the chains whose Comets list it at this address. */
export interface CometToken extends KnownToken {
  chains: readonly CometChain[];
}

/**
 * ERC-20s used as Comet collateral and base (lower case address → symbol, decimals, chains): one
 * table for the changes the source decodes and the positions the exposure names
 * (compound-finance/comet deployments/<chain>/*\/configuration.json `assets.<SYMBOL>.address` and
 * `baseTokenAddress` at d5a30b0; rETH and weETH on Ethereum from its supply-cap migrations). Each
 * address carries the chains whose configurations list it, so a change is asked only at its own
 * chain's address of a symbol: WETH has seven addresses, and 0x4200…0006 is WETH on Base, Optimism
 * and Unichain alike. No two chains' tokens share an address under another symbol
 * (test/modules/compound/addresses.test.ts compares the table, chains included, with the snapshot).
 */
export const TOKENS: Readonly<Record<string, CometToken>> = {
  '0xc00e94cb662c3520282e6f5717214004a7f26888': { symbol: 'COMP', decimals: 18, chains: ['ethereum'] },
  '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984': { symbol: 'UNI', decimals: 18, chains: ['ethereum'] },
  '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599': { symbol: 'WBTC', decimals: 8, chains: ['ethereum'] },
  '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': { symbol: 'WETH', decimals: 18, chains: ['ethereum'] },
  '0x514910771af9ca656af840dff83e8264ecf986ca': { symbol: 'LINK', decimals: 18, chains: ['ethereum'] },
  '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': { symbol: 'USDC', decimals: 6, chains: ['ethereum'] },
  '0x7f39c581f595b53c5cb19bd0b3f8da6c935e2ca0': { symbol: 'wstETH', decimals: 18, chains: ['ethereum'] },
  '0xbe9895146f7af43049ca1c1ae358b0541ea49704': { symbol: 'cbETH', decimals: 18, chains: ['ethereum'] },
  '0xae78736cd615f374d3085123a210448e74fc6393': { symbol: 'rETH', decimals: 18, chains: ['ethereum'] },
  '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf': { symbol: 'cbBTC', decimals: 8, chains: ['ethereum', 'base'] },
  '0x18084fba666a33d37592fa2633fd49a74dd93a88': { symbol: 'tBTC', decimals: 18, chains: ['ethereum'] },
  '0xcd5fe23c85820f7b72d0926fc9b05b43e359b7ee': { symbol: 'weETH', decimals: 18, chains: ['ethereum'] },
  // The USDS, WBTC and wstETH Comets' collateral: deployments/mainnet/{usds,wbtc,wsteth}/configuration.json.
  '0x4c9edd5852cd905f086c759e8383e09bff1e68b3': { symbol: 'USDe', decimals: 18, chains: ['ethereum'] },
  '0x8236a87084f8b84306f72007f36f2618a5634494': { symbol: 'LBTC', decimals: 8, chains: ['ethereum'] },
  '0xf469fbd2abcd6b9de8e169d128226c0fc90a012e': { symbol: 'pumpBTC', decimals: 8, chains: ['ethereum'] },
  '0xa1290d69c65a6fe4df752f95823fae25cb99e5a7': { symbol: 'rsETH', decimals: 18, chains: ['ethereum'] },
  '0xbf5495efe5db9ce00f80364c8b423567e58d2110': { symbol: 'ezETH', decimals: 18, chains: ['ethereum'] },
  // On OP-stack chains (Optimism, Base, Unichain) WETH is the predeploy 0x4200…0006.
  '0x4200000000000000000000000000000000000006': { symbol: 'WETH', decimals: 18, chains: ['base', 'optimism', 'unichain'] },
  // UNI on Unichain (same migration as above).
  '0x8f187aa05619a017077f5308904739877ce9ea21': { symbol: 'UNI', decimals: 18, chains: ['unichain'] },
  // Unichain's WETH Comet: deployments/unichain/weth/configuration.json.
  '0xc02fe7317d4eb8753a02c35fe019786854a92001': { symbol: 'wstETH', decimals: 18, chains: ['unichain'] },
  '0x7dcc39b4d1c53cb31e1abc0e358b43987fef80f7': { symbol: 'weETH', decimals: 18, chains: ['unichain'] },
  '0x927b51f251480a681271180da4de28d44ec4afb8': { symbol: 'WBTC', decimals: 8, chains: ['unichain'] },
  // Arbitrum: deployments/arbitrum/*/configuration.json.
  '0x912ce59144191c1204e64559fe8253a0e49e6548': { symbol: 'ARB', decimals: 18, chains: ['arbitrum'] },
  '0xfc5a1a6eb076a2c7ad06ed22c90d7e710e35ad0a': { symbol: 'GMX', decimals: 18, chains: ['arbitrum'] },
  '0x82af49447d8a07e3bd95bd0d56f35241523fbab1': { symbol: 'WETH', decimals: 18, chains: ['arbitrum'] },
  '0x2f2a2543b76a4166549f7aab2e75bef0aefc5b0f': { symbol: 'WBTC', decimals: 8, chains: ['arbitrum'] },
  '0x5979d7b546e38e414f7e9822514be443a4800529': { symbol: 'wstETH', decimals: 18, chains: ['arbitrum'] },
  '0x35751007a407ca6feffe80b3cb397736d2cf4dbe': { symbol: 'weETH', decimals: 18, chains: ['arbitrum'] },
  '0xec70dcb4a1efa46b8f2d97c310c9c4790ba5ffa8': { symbol: 'rETH', decimals: 18, chains: ['arbitrum'] },
  // Base: deployments/base/*/configuration.json.
  '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913': { symbol: 'USDC', decimals: 6, chains: ['base'] },
  '0xc1cba3fcea344f92d9239c08c0568f6f2f0ee452': { symbol: 'wstETH', decimals: 18, chains: ['base'] },
  '0x2ae3f1ec7f1f5012cfeab0185bfc7aa3cf0dec22': { symbol: 'cbETH', decimals: 18, chains: ['base'] },
  '0x5875eee11cf8398102fdad704c9e96607675467a': { symbol: 'sUSDS', decimals: 18, chains: ['base'] },
  // Linea: deployments/linea/*/configuration.json.
  '0xe5d7c2a44ffddf6b295a15c148167daaaf5cf34f': { symbol: 'WETH', decimals: 18, chains: ['linea'] },
  '0xb5bedd42000b71fdde22d3ee8a79bd49a568fc8f': { symbol: 'wstETH', decimals: 18, chains: ['linea'] },
  '0x3aab2285ddcddad8edf438c1bab47e1a9d05a9b4': { symbol: 'WBTC', decimals: 8, chains: ['linea'] },
  '0x2416092f143378750bb29b79ed961ab195cceea5': { symbol: 'ezETH', decimals: 18, chains: ['linea', 'unichain'] },
  '0x1bf74c010e6320bab11e2e5a532b5ac15e0b8aa6': { symbol: 'weETH', decimals: 18, chains: ['linea'] },
  '0xd2671165570f41bbb3b0097893300b6eb6101e6c': { symbol: 'wrsETH', decimals: 18, chains: ['linea'] },
  // Mantle: deployments/mantle/*/configuration.json.
  '0xcda86a272531e8640cd7f1a92c01839911b90bb0': { symbol: 'mETH', decimals: 18, chains: ['mantle'] },
  '0xdeaddeaddeaddeaddeaddeaddeaddeaddead1111': { symbol: 'WETH', decimals: 18, chains: ['mantle'] },
  '0xc96de26018a54d51c097160568752c4e3bd6c364': { symbol: 'FBTC', decimals: 8, chains: ['mantle'] },
  // Optimism: deployments/optimism/*/configuration.json.
  '0x4200000000000000000000000000000000000042': { symbol: 'OP', decimals: 18, chains: ['optimism'] },
  '0x68f180fcce6836688e9084f035309e29bf0a2095': { symbol: 'WBTC', decimals: 8, chains: ['optimism'] },
  '0x1f32b1c2345538c0c6f582fcb022739c4a194ebb': { symbol: 'wstETH', decimals: 18, chains: ['optimism'] },
  '0x9bcef72be871e61ed4fbbc7630889bee758eb81d': { symbol: 'rETH', decimals: 18, chains: ['optimism'] },
  // Polygon: deployments/polygon/*/configuration.json.
  '0x7ceb23fd6bc0add59e62ac25578270cff1b9f619': { symbol: 'WETH', decimals: 18, chains: ['polygon'] },
  '0x1bfd67037b42cf73acf2047067bd4f2c47d9bfd6': { symbol: 'WBTC', decimals: 8, chains: ['polygon'] },
  '0x0d500b1d8e8ef31e21c99d1db9a6444d3adf1270': { symbol: 'WMATIC', decimals: 18, chains: ['polygon'] },
  '0xfa68fb4628dff1028cfec22b4162fccd0d45efb6': { symbol: 'MaticX', decimals: 18, chains: ['polygon'] },
  '0x3a58a54c066fdc0f2d55fc9c89f0415c92ebf3c4': { symbol: 'stMATIC', decimals: 18, chains: ['polygon'] },
  // Scroll: deployments/scroll/*/configuration.json.
  '0x5300000000000000000000000000000000000004': { symbol: 'WETH', decimals: 18, chains: ['scroll'] },
  '0xf610a9dfb7c89644979b4a0f27063e9e7d7cda32': { symbol: 'wstETH', decimals: 18, chains: ['scroll'] },
};

/** The addresses (lower case) of `symbol` (any case) on `chain`'s Comets: usually one, none where no Comet there lists it. Pure. */
export const tokenAddressesOn = (chain: CometChain, symbol: string): string[] =>
  Object.keys(TOKENS).filter((address) => TOKENS[address]!.chains.includes(chain) && TOKENS[address]!.symbol.toLowerCase() === symbol.toLowerCase());

/** The token at `address` as `chain`'s Comets list it; undefined where none there does (any chain's when `chain` is unknown). Pure. */
export function tokenOn(chain: CometChain | undefined, address: string): CometToken | undefined {
  const token = TOKENS[address.toLowerCase()];
  return token && (chain === undefined || token.chains.includes(chain)) ? token : undefined;
}
