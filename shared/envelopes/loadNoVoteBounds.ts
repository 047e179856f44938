import type { NoVoteBounds } from './noVoteBounds.js';

/**
 * The declared bounds of the given modules, by slug, each loaded on demand from its module's folder
 * (ModuleInfo.noVoteBounds); a module that declares none is left out.
 *
 * @example const bounds = await loadNoVoteBounds(MODULE_INFOS, snapshot.checked);
 */
export async function loadNoVoteBounds(modules: readonly { slug: string; noVoteBounds?: () => Promise<NoVoteBounds> }[], slugs: readonly string[]): Promise<ReadonlyMap<string, NoVoteBounds>> {
  const declaring = modules.filter((module) => slugs.includes(module.slug) && module.noVoteBounds);
  return new Map(await Promise.all(declaring.map(async (module) => [module.slug, await module.noVoteBounds!()] as const)));
}
