import type { FeedProposal } from '../../shared/domain/proposal.js';
import { buildFeed, type BuildFeedReturnType } from '../../shared/feed/buildFeed.js';
import { moduleEntry } from '../../shared/modules/loaders.js';
import type { ProtocolSlug } from '../../shared/modules/registry.js';
import type { ModuleEntry } from '../../shared/modules/types.js';
import type { Services } from '../../shared/runtime/services.js';

/**
 * A registered module whose one governance system (`<slug>/main`) answers with `proposals`, as its
 * source's readProposals would return them: everything else of the module (its exposure, its
 * calculators) is the real one. For tests that feed hostile normalized proposals through the real
 * feed builder. The values are whatever the test passes: a source's output type is a promise, not
 * a check, so `unknown` is what the builder must cope with.
 */
export function moduleAnswering(slug: ProtocolSlug, proposals: () => unknown[]): ModuleEntry {
  const real = moduleEntry(slug);
  return {
    ...real,
    load: async () => ({ ...(await real.load()), source: { main: { readProposals: async () => proposals() as FeedProposal[] } } }),
  };
}

/** Runs the real feed builder into the services' feed store, with the given modules only. */
export const buildWith = (services: Services, modules: readonly ModuleEntry[]): Promise<BuildFeedReturnType> =>
  buildFeed({ modules, store: services.feedStore, now: services.now, deadlineMs: 2_000, upstreams: services.upstreams });
