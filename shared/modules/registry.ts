import type { AddressKind } from '../address/types.js';
import { aaveInfo } from './aave/info.js';
import { compoundInfo } from './compound/info.js';
import { cosmoshubInfo } from './cosmoshub/info.js';
import { jitoInfo } from './jito/info.js';
import { lidoInfo } from './lido/info.js';
import { xrplInfo } from './xrpl/info.js';
import type { ModuleEntry, ModuleInfo, ProtocolModule } from './types.js';

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

/** A module's declaration with its code, loaded on demand (import() is its own chunk in a bundle, so a function that never scans never parses a chain library). */
const entry = <const Slug extends string>(info: ModuleInfo<Slug>, load: () => Promise<ProtocolModule>): ModuleEntry<Slug> => ({ ...info, load: once(load) });

/**
 * The registry: every served protocol module, in the catalog's order, and the only list of them.
 * Adding a protocol is its folder (with `info.ts` and `index.ts`) and one line here; the slug
 * enum, catalog, OpenAPI document, README tables and tests are derived from this list.
 */
export const MODULES = [
  entry(aaveInfo, () => import('./aave/index.js').then((m) => m.aave)),
  entry(compoundInfo, () => import('./compound/index.js').then((m) => m.compound)),
  entry(lidoInfo, () => import('./lido/index.js').then((m) => m.lido)),
  entry(jitoInfo, () => import('./jito/index.js').then((m) => m.jito)),
  entry(cosmoshubInfo, () => import('./cosmoshub/index.js').then((m) => m.cosmoshub)),
  entry(xrplInfo, () => import('./xrpl/index.js').then((m) => m.xrpl)),
] as const;

export type ProtocolSlug = (typeof MODULES)[number]['slug'];

/** The slugs this deployment serves (decisions.md, Protocol modules), in the registry's order. */
export const PROTOCOL_SLUGS = MODULES.map((module) => module.slug) as [ProtocolSlug, ...ProtocolSlug[]];

export const isProtocolSlug = (value: string): value is ProtocolSlug => (PROTOCOL_SLUGS as readonly string[]).includes(value);

export const moduleEntry = (slug: ProtocolSlug): ModuleEntry<ProtocolSlug> => {
  const found = MODULES.find((candidate) => candidate.slug === slug);
  if (!found) throw new Error(`no module registered for ${slug}`);
  return found;
};

/** The modules that can hold positions for a wallet kind, narrowed to `only` when given. */
export const modulesFor = (kind: AddressKind, only?: readonly ProtocolSlug[]): ModuleEntry<ProtocolSlug>[] =>
  MODULES.filter((module) => (module.addressKinds as readonly AddressKind[]).includes(kind) && (!only || only.includes(module.slug)));

/** Bech32 prefixes of every module's chain accounts: the cosmos wallets the service accepts. */
export const COSMOS_PREFIXES: readonly string[] = [...new Set(MODULES.flatMap((module: ModuleInfo) => module.bech32Prefixes ?? []))];

/** A protocol's name by its slug, for people (pages, feeds). */
export const protocolName = (slug: string): string => MODULES.find((module) => module.slug === slug)?.name ?? slug;
