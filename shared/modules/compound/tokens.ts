export interface KnownToken {
  symbol: string;
  decimals: number;
}

/**
 * ERC-20s used as Comet collateral and base (lower case address → symbol, decimals): one table for
 * the changes the source decodes and the positions the exposure names
 * (compound-finance/comet deployments/mainnet/*\/configuration.json).
 */
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
  '0xcbb7c0000ab88b473b1f5afd9ef808440eed33bf': { symbol: 'cbBTC', decimals: 8 },
  '0x18084fba666a33d37592fa2633fd49a74dd93a88': { symbol: 'tBTC', decimals: 18 },
  '0xcd5fe23c85820f7b72d0926fc9b05b43e359b7ee': { symbol: 'weETH', decimals: 18 },
  // On OP-stack chains (Optimism, Base, Unichain) WETH is the predeploy 0x4200…0006.
  '0x4200000000000000000000000000000000000006': { symbol: 'WETH', decimals: 18 },
  // UNI on Unichain (same migration as above).
  '0x8f187aa05619a017077f5308904739877ce9ea21': { symbol: 'UNI', decimals: 18 },
};
