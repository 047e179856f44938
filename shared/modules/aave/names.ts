import { capitalized, wordsOf } from '../../domain/words.js';
import { chainName } from '../../upstream/chainNames.js';
import { v4MarketName } from './v4/spokeNames.js';

/** Ethereum's instances beyond Core, as Aave's interface names them. */
const INSTANCES: Readonly<Record<string, string>> = {
  ethereum: 'Core',
  'ethereum-lido': 'Prime',
  'ethereum-etherfi': 'EtherFi',
  'ethereum-horizon': 'Horizon',
  'ethereum-amm': 'AMM',
};

/**
 * An Aave market as people name it, from the name the exposure and marketOfName give it
 * (`aave-v<version>-<network>[-<instance>]`): "Aave v3 Ethereum Core", "Aave v3 Ethereum Prime",
 * "Aave v3 Arbitrum", "Aave v2 Polygon"; undefined for a name that is not an Aave market's. Only
 * v3's main Ethereum instance is called Core (v2 had one market there). Pure; no chain library.
 *
 * @example aaveMarketName('aave-v3-ethereum-lido') // 'Aave v3 Ethereum Prime'
 */
export function aaveMarketName(market: string): string | undefined {
  // A v4 position's market is its spoke: "Aave v4 Ethereum Main Spoke".
  const spoke = v4MarketName(market);
  if (spoke) return spoke;
  const match = /^aave-v(\d)-([a-z0-9-]+)$/.exec(market);
  if (!match) return undefined;
  const [, version, place] = match as unknown as [string, string, string];
  const [network, ...rest] = place.split('-');
  const instance = place.startsWith('ethereum') ? INSTANCES[place] : undefined;
  const where = instance
    ? `Ethereum${version === '3' || place !== 'ethereum' ? ` ${instance}` : ''}`
    : `${chainName(network!)}${rest.length > 0 ? ` ${capitalized(wordsOf(rest.join('-')))}` : ''}`;
  return `Aave v${version} ${where}`;
}
