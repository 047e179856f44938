/** The markets Sky's positions and changes name: each holding is its own (a savings rate reaches one vault). */
export const SKY_MARKETS = { usds: 'sky-usds', susds: 'sky-susds', dai: 'sky-dai', sdai: 'sky-sdai' } as const;

const NAMES: Readonly<Record<string, string>> = {
  [SKY_MARKETS.usds]: 'USDS',
  [SKY_MARKETS.susds]: 'Sky Savings Rate (sUSDS)',
  [SKY_MARKETS.dai]: 'DAI',
  [SKY_MARKETS.sdai]: 'DAI Savings Rate (sDAI)',
};

/** A Sky market as people name it (`sky-susds` → "Sky Savings Rate (sUSDS)"); undefined for any other name. Pure. */
export const skyMarketName = (market: string): string | undefined => NAMES[market];
