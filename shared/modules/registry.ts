import { aaveInfo } from './aave/info.js';
import { compoundInfo } from './compound/info.js';
import { cosmoshubInfo } from './cosmoshub/info.js';
import { jitoInfo } from './jito/info.js';
import { lidoInfo } from './lido/info.js';
import { morphoInfo } from './morpho/info.js';
import { skyInfo } from './sky/info.js';
import { sparkInfo } from './spark/info.js';
import { xrplInfo } from './xrpl/info.js';
import { kindsOf, marketNameOf, parameterLabelOf, type Registered, registeredOf } from '../simulate/registered.js';
import { withoutArticle } from '../changes/parameterLabels.js';
import { loadOnce } from '../stores/lazyStores.js';
import { PROTOCOL_SLUGS, type ProtocolSlug } from './slugs.js';
import type { ModuleInfo } from './types.js';

/**
 * The registry: every served protocol module, in the catalog's order, and the only list of them.
 * Adding a protocol is its folder (with `info.ts` and `index.ts`), its info in this list and its
 * loader in loaders.ts (a missing loader is a type error); the slug enum, catalog, OpenAPI
 * document, README tables and tests are derived from this list. The loaders live apart because a
 * bundler follows import() too: the catalog, llms.txt and OpenAPI functions import this file and
 * must carry no chain library.
 */
export const MODULES = [aaveInfo, compoundInfo, lidoInfo, jitoInfo, cosmoshubInfo, xrplInfo, morphoInfo, sparkInfo, skyInfo] as const satisfies readonly ModuleInfo[];

/** The modules' slugs in their order; a type error unless they are slugs.ts's list. */
type SlugsOf<T extends readonly { slug: string }[]> = { [K in keyof T]: T[K]['slug'] };
const sameSlugs: SlugsOf<typeof MODULES> extends typeof PROTOCOL_SLUGS ? (typeof PROTOCOL_SLUGS extends SlugsOf<typeof MODULES> ? true : never) : never = true;
if (!sameSlugs || MODULES.some((module, index) => module.slug !== PROTOCOL_SLUGS[index]) || MODULES.length !== PROTOCOL_SLUGS.length) {
  throw new Error('shared/modules/slugs.ts and the registry list different modules');
}

export type { ProtocolSlug };
export { PROTOCOL_SLUGS };

/** The same list in the general shape, where every optional declaration is visible. */
export const MODULE_INFOS: readonly ModuleInfo[] = MODULES;

/** A registered module's declaration by slug, as the general shape (every optional field visible). */
export const moduleInfo = (slug: string): ModuleInfo | undefined => MODULE_INFOS.find((module) => module.slug === slug);



/** Bech32 prefixes of every module's chain accounts: the cosmos wallets the service accepts. */
export const COSMOS_PREFIXES: readonly string[] = [...new Set(MODULE_INFOS.flatMap((module) => module.bech32Prefixes ?? []))];

/** A protocol's name by its slug, for people (pages, feeds). */
export const protocolName = (slug: string): string => MODULES.find((module) => module.slug === slug)?.name ?? slug;

/**
 * A market's name for people, by the module that owns it: "Aave v3 Ethereum Core", "Compound v3
 * Base USDC", "trust lines". Never the identifier: a market no module names is written as words.
 */
export const marketName: (protocol: string, market: string) => string = marketNameOf(MODULE_INFOS);

const PARAMETER_LABEL = parameterLabelOf(kindsOf(MODULE_INFOS));

/**
 * A parameter kind's name for people, from the module that declares it: "liquidation threshold",
 * "supply rate" (as a heading or table names it); `{ article: true }` keeps the sentence's article
 * ("the liquidation threshold").
 */
export const parameterLabel = (parameter: string, options: { article?: boolean } = {}): string => {
  const label = PARAMETER_LABEL(parameter);
  return options.article ? label : withoutArticle(label);
};

/** Every module's parameter kinds and calculators, for the simulator and the what-if command: loaded once, on first use. */
export const registered: () => Promise<Registered> = loadOnce(() => registeredOf(MODULE_INFOS));
