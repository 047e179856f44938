import { chainName } from '../../upstream/chainNames.js';

/**
 * A Spark market as people name it: `sparklend-ethereum` (deployment.ts) → "SparkLend Ethereum";
 * undefined for a name that is not SparkLend's. Pure.
 */
export function sparkMarketName(market: string): string | undefined {
  const match = /^sparklend-([a-z0-9]+)$/.exec(market);
  return match ? `SparkLend ${chainName(match[1]!)}` : undefined;
}
