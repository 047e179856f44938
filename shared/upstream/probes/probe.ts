import type { UpstreamId } from '../endpoints.js';
import type { Upstream } from '../upstreams.js';

/*
 * The checks `npm run doctor` runs, one kind per upstream protocol (a file per chain client, so a module's probes load only its own chain's library): each asks for the upstream's
 * identity (chain id, genesis, network) and one thing a module reads there, through the same
 * clients, retries and deadlines as the modules, so what fails here fails there.
 */


/** One check of one upstream: what it asks, resolving with what it saw, rejecting with why it failed. */
export interface Probe {
  upstream: UpstreamId;
  /** What the check asks, in a few words ("chain id 0x1 and a governor answers"). */
  asks: string;
  run(upstream: Upstream, signal: AbortSignal): Promise<string>;
}
