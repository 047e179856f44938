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
  [/\bx ?layer\b/, 'xlayer'],
  [/\bmonad\b/, 'monad'],
  [/\bmega ?eth\b/, 'megaeth'],
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
 * Light on purpose (no address book): the module's info names it for the what-if and Snapshot paths.
 *
 * @example marketOfName('Ethereum Prime') // 'aave-v3-ethereum-lido'
 */
export function marketOfName(name: string): string | undefined {
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
  return `aave-v${version}-${places[0]![1]}`;
}

/** Every market a line names ("Core and Prime instances", "Arbitrum, Base and Scroll"). Pure. */
export function marketsOfLine(line: string): string[] {
  return line
    .split(/,|\band\b|&|\//i)
    .map((part) => marketOfName(part))
    .filter((market, index, all): market is string => market !== undefined && all.indexOf(market) === index);
}

/**
 * The markets a table row names: the one its Network, Chain, Instance, Deployment or Market column
 * (or a section row, "_Prime Market_") names; else those the heading or caption above its table,
 * or a heading enclosing it, names ("### Prime Instance", "For the sUSD asset on Aave V3 Optimism
 * instance, …"). Undefined when it names none: the caller decides where such a row applies. Pure.
 */
export function marketOfTableRow(context: Record<string, string>, above: string[]): string | string[] | undefined {
  const column = context.market ?? context.network ?? context.chain ?? context.instance ?? context.deployment ?? context.networks ?? context.chains ?? context.pool ?? context.section;
  const named = column === undefined ? undefined : marketOfName(column);
  if (named) return named;
  const placed = [...above].reverse().map(placeOfLine).find((markets) => markets.length > 0);
  return placed && (placed.length === 1 ? placed[0] : placed);
}

/** The markets a heading or caption places its table on; none when it excludes one ("excluding the Core instance"). */
function placeOfLine(line: string): string[] {
  if (/\bexclud|\bexcept\b/i.test(line)) return [];
  return marketsOfLine(line.replace(/^#+\s*|\*\*|__/g, ''));
}
