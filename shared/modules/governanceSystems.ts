import { MODULE_INFOS } from './registry.js';
import type { GovernanceSystem, ModuleInfo } from './types.js';

/** A source key (`<slug>/<system>`) split; a bare slug (a module that failed to load) has no system. */
const partsOf = (sourceKey: string): { slug: string; system?: string } => {
  const [slug, system] = sourceKey.split('/');
  return { slug: slug!, ...(system !== undefined && { system }) };
};

/**
 * A governance system by its source key, as its module declares it (ModuleInfo.governance);
 * undefined for a key no module names. Pure.
 *
 * @example governanceSystem('aave/gov3')?.name // 'Aave Governance v3'
 */
export function governanceSystem(sourceKey: string, modules: readonly ModuleInfo[] = MODULE_INFOS): GovernanceSystem | undefined {
  const { slug, system } = partsOf(sourceKey);
  return system === undefined ? undefined : modules.find((module) => module.slug === slug)?.governance?.[system];
}

/**
 * A governance system's name for people: its module's word for it, else the protocol's name with
 * "proposals" (a system a module has not named yet), never the key itself. Pure.
 *
 * @example governanceSystemName('morpho/basevaults') // 'Morpho vaults on Base'
 */
export function governanceSystemName(sourceKey: string, modules: readonly ModuleInfo[] = MODULE_INFOS): string {
  const declared = governanceSystem(sourceKey, modules)?.name;
  if (declared) return declared;
  const { slug } = partsOf(sourceKey);
  const module = modules.find((candidate) => candidate.slug === slug);
  return module ? `${module.name} proposals` : 'A governance source';
}

/**
 * Where a proposal's holders vote: the system that listed it (`sourceKey`), else its module's first
 * system (a demo proposal is listed by none), as the module declares it; undefined when the module
 * names none. A proposal's own page on that system, where it has one, is its first source link
 * instead (the caller's choice). Pure.
 */
export function votingPlace(proposal: { protocol: string; sourceKey?: string }, modules: readonly ModuleInfo[] = MODULE_INFOS): GovernanceSystem | undefined {
  if (proposal.sourceKey) return governanceSystem(proposal.sourceKey, modules);
  const systems = Object.values(modules.find((module) => module.slug === proposal.protocol)?.governance ?? {});
  return systems[0];
}
