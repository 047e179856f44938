/** The parts of an account an amendment's rules reach (amendmentFeatures.ts), as people say them. */
const PARTS: Readonly<Record<string, string>> = { amm: 'AMM pools', trustlines: 'trust lines' };

/**
 * The part of an XRP Ledger account a market names: `trustlines` → "trust lines", `amm` → "AMM
 * pools"; undefined for any other name. Pure.
 */
export const xrplMarketName = (market: string): string | undefined => PARTS[market];
