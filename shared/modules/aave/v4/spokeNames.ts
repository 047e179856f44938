/**
 * The Aave v4 spokes positions are read in, by the market name their positions carry
 * (`aave-v4-<chain>-<spoke>`), with the spoke's name for people. A light list (no address book),
 * so names.ts and the catalog stay free of it; test/modules/aave/v4/spokes.test.ts holds it equal
 * to the address book's SPOKES (spokes.ts).
 */
export const V4_SPOKE_NAMES: Readonly<Record<string, string>> = {
  'aave-v4-ethereum-bluechip': 'Bluechip',
  'aave-v4-ethereum-ethena-correlated': 'Ethena Correlated',
  'aave-v4-ethereum-ethena-ecosystem': 'Ethena Ecosystem',
  'aave-v4-ethereum-forex': 'Forex',
  'aave-v4-ethereum-gold': 'Gold',
  'aave-v4-ethereum-lombard-btc': 'Lombard BTC',
  'aave-v4-ethereum-main': 'Main',
  'aave-v4-ethereum-paxg-gold': 'PAXG Gold',
  'aave-v4-ethereum-usdg-pendle': 'USDG Pendle',
  'aave-v4-ethereum-etherfi': 'EtherFi',
  'aave-v4-ethereum-kelp': 'Kelp',
  'aave-v4-ethereum-lido': 'Lido',
  'aave-v4-ethereum-usdg-maple': 'USDG Maple',
  'aave-v4-avalanche-main': 'Main',
  'aave-v4-avalanche-forex': 'Forex',
  'aave-v4-avalanche-avax-correlated': 'AVAX Correlated',
};

/** The chains v4 spokes are read on, as their upstreams are named. */
export const V4_POSITION_CHAINS = ['ethereum', 'avalanche'] as const;

/**
 * A v4 spoke's market as people name it: "Aave v4 Ethereum Main Spoke"; undefined for a name that
 * is no v4 spoke's. Pure.
 *
 * @example v4MarketName('aave-v4-ethereum-lombard-btc') // 'Aave v4 Ethereum Lombard BTC Spoke'
 */
export function v4MarketName(market: string): string | undefined {
  const spoke = V4_SPOKE_NAMES[market];
  if (!spoke) return undefined;
  const chain = market.startsWith('aave-v4-avalanche-') ? 'Avalanche' : 'Ethereum';
  return `Aave v4 ${chain} ${spoke} Spoke`;
}
