import type { Address } from 'viem';

export interface CometMarket {
  /** The market name proposals and positions use (shared/modules/compound/demo.ts). */
  market: string;
  comet: Address;
  baseSymbol: string;
  baseDecimals: number;
}

/** Comet proxies on Ethereum (compound-finance/comet deployments/mainnet/{usdc,weth}/roots.json; positions.md §2.1). */
export const COMET_MARKETS: readonly CometMarket[] = [
  { market: 'comet-usdc', comet: '0xc3d688B66703497DAA19211EEdff47f25384cdc3', baseSymbol: 'USDC', baseDecimals: 6 },
  { market: 'comet-weth', comet: '0xA17581A9E3356d9A858b789D68B4d866e593aE94', baseSymbol: 'WETH', baseDecimals: 18 },
];

/**
 * Collateral slots probed per market: CometWithExtendedAssetList allows 24 (positions.md §2.2).
 * getAssetInfo(i) reverts (BadAsset) past numAssets, so a listing needs no change here.
 */
export const MAX_ASSETS = 24;

/** Symbols of collaterals listed on these markets (compound-finance/comet deployments/mainnet/*\/configuration.json). */
export const KNOWN_SYMBOLS: Readonly<Record<string, string>> = Object.fromEntries(
  (
    [
      ['0xc00e94Cb662C3520282E6f5717214004A7f26888', 'COMP'],
      ['0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599', 'WBTC'],
      ['0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', 'WETH'],
      ['0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984', 'UNI'],
      ['0x514910771AF9Ca656af840dff83E8264EcF986CA', 'LINK'],
      ['0x7f39C581F595B53c5cb19bD0b3f8dA6c935E2Ca0', 'wstETH'],
      ['0xBe9895146f7AF43049ca1c1AE358B0541Ea49704', 'cbETH'],
      ['0xae78736Cd615f374D3085123A210448E74Fc6393', 'rETH'],
      ['0xcbB7C0000aB88B473b1f5aFd9ef808440eed33Bf', 'cbBTC'],
      ['0x18084fbA666a33d37592fA2633fD49a74DD93a88', 'tBTC'],
      ['0xCd5fE23C85820F7B72D0926FC9b05b43E359b7ee', 'weETH'],
    ] as [Address, string][]
  ).map(([address, symbol]) => [address.toLowerCase(), symbol]),
);
