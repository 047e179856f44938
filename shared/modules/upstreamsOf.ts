import type { Upstreams } from '../upstream/upstreams.js';
import type { ComponentContext } from './types.js';

/**
 * The upstreams a component reads: those it was built with (tests), else the ones the scan or feed
 * build handed it. There is no process-wide default: a component called with neither is a wiring
 * mistake, and says so.
 */
export function upstreamsOf(context: Pick<ComponentContext, 'upstreams'>, own?: () => Upstreams): Upstreams {
  const upstreams = own?.() ?? context.upstreams;
  if (!upstreams) throw new Error('a module component was called without upstreams: pass Services.upstreams in its context');
  return upstreams;
}
