import type { Upstream } from '../../upstream/upstreams.js';
import type { SpBeamConfig } from './spBeamLimits.js';

/*
 * SP-BEAM's configuration as the exposure last read it on an upstream: the exposure asks it in its
 * own first round (the same aggregate3, so the same HTTP request, as every EVM module's first
 * reads), and the scan's envelope takes it from here a moment later, with no request of its own and
 * no chain library (the catalog and llms functions load the bounds' file). Keyed by the upstream
 * object, which a process's services hold once; a failed read forgets the last one rather than let
 * an older answer stand for this scan's.
 */
const lastRead = new WeakMap<Upstream, SpBeamConfig>();

/** Keeps (or, with undefined, forgets) the configuration read on this upstream. */
export function rememberSpBeamConfig(upstream: Upstream, config: SpBeamConfig | undefined): void {
  if (config) lastRead.set(upstream, config);
  else lastRead.delete(upstream);
}

/** The configuration the exposure last read on this upstream, if its read succeeded. */
export const spBeamConfigReadOn = (upstream: Upstream): SpBeamConfig | undefined => lastRead.get(upstream);
