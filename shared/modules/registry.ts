import type { AddressKind } from '../address/types.js';
import { MODULE_INFO } from './moduleInfo.js';
import type { ProtocolSlug } from './slugs.js';
import type { ModuleEntry, ProtocolModule } from './types.js';

/** Each module's code, loaded on demand; the Record makes a slug without a loader a type error. */
const LOADERS: Record<ProtocolSlug, () => Promise<ProtocolModule>> = {
  aave: () => import('./aave/index.js').then((m) => m.aave),
  compound: () => import('./compound/index.js').then((m) => m.compound),
  lido: () => import('./lido/index.js').then((m) => m.lido),
  jito: () => import('./jito/index.js').then((m) => m.jito),
  cosmoshub: () => import('./cosmoshub/index.js').then((m) => m.cosmoshub),
  xrpl: () => import('./xrpl/index.js').then((m) => m.xrpl),
};

/**
 * A loader that imports once: every later call gets the same promise, so a scan does not pay the
 * module system's resolution (and, under a loader hook such as tsx's, a round trip to its worker)
 * per request. A failed import is forgotten, so the next call tries again.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

/** The registry: every served protocol module with its loader, in the catalog's order. */
export const MODULES: readonly ModuleEntry[] = MODULE_INFO.map((info) => ({ ...info, load: once(LOADERS[info.slug]) }));

export const moduleEntry = (slug: ProtocolSlug): ModuleEntry => {
  const entry = MODULES.find((candidate) => candidate.slug === slug);
  if (!entry) throw new Error(`no module registered for ${slug}`);
  return entry;
};

/** The modules that can hold positions for a wallet kind, narrowed to `only` when given. */
export const modulesFor = (kind: AddressKind, only?: readonly ProtocolSlug[]): ModuleEntry[] =>
  MODULES.filter((entry) => entry.addressKinds.includes(kind) && (!only || only.includes(entry.slug)));

export { COSMOS_PREFIXES } from './moduleInfo.js';
