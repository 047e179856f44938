/**
 * A Lido market as people name it: the staking modules its changes name (`staking module 1`,
 * parameterChangesOf.ts) are already words; undefined for any other name. Pure.
 */
export const lidoMarketName = (market: string): string | undefined => (/^staking module \d+$/.test(market) ? market : undefined);
