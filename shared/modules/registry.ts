import type { AddressKind } from '../address/types.js';
import type { ProtocolSlug } from './slugs.js';
import type { ModuleEntry } from './types.js';

/** The registry: every served protocol module, in the order the catalog lists them. */
export const MODULES: readonly ModuleEntry[] = [
  { slug: 'aave', name: 'Aave', addressKinds: ['evm'], load: () => import('./aave/index.js').then((m) => m.aave) },
  {
    slug: 'compound',
    name: 'Compound',
    addressKinds: ['evm'],
    load: () => import('./compound/index.js').then((m) => m.compound),
  },
  { slug: 'lido', name: 'Lido', addressKinds: ['evm'], load: () => import('./lido/index.js').then((m) => m.lido) },
  { slug: 'jito', name: 'Jito', addressKinds: ['solana'], load: () => import('./jito/index.js').then((m) => m.jito) },
  {
    slug: 'cosmoshub',
    name: 'Cosmos Hub',
    addressKinds: ['cosmos'],
    bech32Prefixes: ['cosmos'],
    load: () => import('./cosmoshub/index.js').then((m) => m.cosmoshub),
  },
  { slug: 'xrpl', name: 'XRP Ledger', addressKinds: ['xrpl'], load: () => import('./xrpl/index.js').then((m) => m.xrpl) },
];

export const moduleEntry = (slug: ProtocolSlug): ModuleEntry => {
  const entry = MODULES.find((candidate) => candidate.slug === slug);
  if (!entry) throw new Error(`no module registered for ${slug}`);
  return entry;
};

/** The modules that can hold positions for a wallet kind, narrowed to `only` when given. */
export const modulesFor = (kind: AddressKind, only?: readonly ProtocolSlug[]): ModuleEntry[] =>
  MODULES.filter((entry) => entry.addressKinds.includes(kind) && (!only || only.includes(entry.slug)));

export const COSMOS_PREFIXES: readonly string[] = [...new Set(MODULES.flatMap((entry) => entry.bech32Prefixes ?? []))];
