import type { AddressKind } from '../address/types.js';
import { loadOnce } from '../stores/lazyStores.js';
import { MODULES, type ProtocolSlug } from './registry.js';
import type { ModuleEntry, ProtocolModule } from './types.js';

/** Each module's code, loaded on demand (import() is its own chunk in a bundle); the Record makes a registered slug without a loader a type error. */
const LOADERS: Record<ProtocolSlug, () => Promise<ProtocolModule>> = {
  aave: () => import('./aave/index.js').then((m) => m.aave),
  compound: () => import('./compound/index.js').then((m) => m.compound),
  lido: () => import('./lido/index.js').then((m) => m.lido),
  jito: () => import('./jito/index.js').then((m) => m.jito),
  cosmoshub: () => import('./cosmoshub/index.js').then((m) => m.cosmoshub),
  xrpl: () => import('./xrpl/index.js').then((m) => m.xrpl),
  morpho: () => import('./morpho/index.js').then((m) => m.morpho),
  spark: () => import('./spark/index.js').then((m) => m.spark),
  sky: () => import('./sky/index.js').then((m) => m.sky),
};

/**
 * Every registered module with its code, loaded on demand and once (a scan does not pay the module
 * system's resolution per request; a failed import is tried again), in the registry's order.
 */
export const MODULE_ENTRIES: readonly ModuleEntry<ProtocolSlug>[] = MODULES.map((info) => ({ ...info, load: loadOnce(LOADERS[info.slug]) }));

export const moduleEntry = (slug: ProtocolSlug): ModuleEntry<ProtocolSlug> => {
  const found = MODULE_ENTRIES.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no module registered for ${slug}`);
  return found;
};

/** The modules that can hold positions for a wallet kind, narrowed to `only` when given. */
export const modulesFor = (kind: AddressKind, only?: readonly ProtocolSlug[]): ModuleEntry<ProtocolSlug>[] =>
  MODULE_ENTRIES.filter((module) => module.addressKinds.includes(kind) && (!only || only.includes(module.slug)));
