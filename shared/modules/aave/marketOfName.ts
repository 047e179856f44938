import { AAVE_V3_ETHEREUM } from './exposure/deployment.js';

/** A market a text names, and whether a scan reads it (only Ethereum's Core market today). */
export interface NamedMarket {
  market: string;
  served: boolean;
}

// Networks as proposal texts write them ("OP Mainnet", "BNBChain", "Arbitrum One", "zkSync Era"),
// named as marketOfPool names the pool's network; checked before Ethereum's instances, since
// "OP Mainnet" says mainnet too.
const NETWORKS: [RegExp, string][] = [
  [/\b(op mainnet|optimism|op)\b/, 'optimism'],
  [/\b(bnb ?chain|bnb smart chain|bnb|bsc)\b/, 'bnb'],
  [/\barbitrum\b/, 'arbitrum'],
  [/\b(avalanche|avax)\b/, 'avalanche'],
  [/\b(polygon|matic)\b/, 'polygon'],
  [/\bgnosis\b/, 'gnosis'],
  [/\bbase\b/, 'base'],
  [/\bscroll\b/, 'scroll'],
  [/\bmetis\b/, 'metis'],
  [/\bzk ?sync\b/, 'zksync'],
  [/\blinea\b/, 'linea'],
  [/\bsonic\b/, 'sonic'],
  [/\bcelo\b/, 'celo'],
  [/\bplasma\b/, 'plasma'],
  [/\bmantle\b/, 'mantle'],
  [/\bsoneium\b/, 'soneium'],
  [/\bink\b/, 'ink'],
  [/\bharmony\b/, 'harmony'],
  [/\bfantom\b/, 'fantom'],
];
// Ethereum's instances: Core (also "main", "mainnet"), Prime (the Lido instance), EtherFi, Horizon.
const INSTANCES: [RegExp, string][] = [
  [/\b(prime|lido)\b/, 'ethereum-lido'],
  [/\bether ?fi\b/, 'ethereum-etherfi'],
  [/\bhorizon\b/, 'ethereum-horizon'],
  [/\b(core|main|mainnet|ethereum)\b/, 'ethereum'],
];

/**
 * The market a table cell or heading names ("Ethereum Core", "Ethereum Prime", "Ethereum-main",
 * "OP Mainnet", "BNBChain", "Polygon V2"), as marketOfPool names it; undefined when it names none
 * or several. Pure.
 *
 * @example marketOfName('Ethereum Prime') // { market: 'aave-v3-ethereum-lido', served: false }
 */
export function marketOfName(name: string): NamedMarket | undefined {
  const text = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    // A rate's base is no network.
    .replace(/\bbase (variable |borrow |interest )*rate\b/g, ' ');
  const version = /\bv([1-4])\b/.exec(text)?.[1] ?? '3';
  const networks = NETWORKS.filter(([pattern]) => pattern.test(text));
  const instances = INSTANCES.filter(([pattern]) => pattern.test(text));
  // "Ethereum Core" names one instance; "Arbitrum, Base" or "Core and Prime" name several.
  const places = networks.length > 0 ? networks : instances.slice(0, /\b(and|&)\b/.test(text) ? undefined : 1);
  if (places.length !== 1) return undefined;
  const market = `aave-v${version}-${places[0]![1]}`;
  return { market, served: market === AAVE_V3_ETHEREUM.market };
}

/** Every market a line names ("Core and Prime instances", "Arbitrum, Base and Scroll"). Pure. */
export function marketsOfLine(line: string): string[] {
  return line
    .split(/,|\band\b|&|\//i)
    .map((part) => marketOfName(part)?.market)
    .filter((market, index, all): market is string => market !== undefined && all.indexOf(market) === index);
}
