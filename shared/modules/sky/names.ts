/** The markets Sky's positions and changes name: each holding is its own (a savings rate reaches one vault); a vault's market is its ilk. */
export const SKY_MARKETS = { usds: 'sky-usds', susds: 'sky-susds', dai: 'sky-dai', sdai: 'sky-sdai' } as const;

const NAMES: Readonly<Record<string, string>> = {
  [SKY_MARKETS.usds]: 'USDS',
  [SKY_MARKETS.susds]: 'Sky Savings Rate (sUSDS)',
  [SKY_MARKETS.dai]: 'DAI',
  [SKY_MARKETS.sdai]: 'DAI Savings Rate (sDAI)',
};

/** A vault type (ilk) as the Vat names it: capitals, digits and dashes (`ETH-A`, `LSEV2-SKY-A`). */
const ILK = /^[A-Z0-9]+(-[A-Z0-9]+)+$/;

/** A Sky market as people name it (`sky-susds` → "Sky Savings Rate (sUSDS)", an ilk `ETH-A` → "ETH-A vaults"); undefined for any other name. Pure. */
export const skyMarketName = (market: string): string | undefined => NAMES[market] ?? (ILK.test(market) ? `${market} vaults` : undefined);
