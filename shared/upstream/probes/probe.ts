import type { UpstreamId } from '../endpoints.js';
import type { Upstream } from '../upstreams.js';

/** One check of one upstream: what it asks, resolving with what it saw, rejecting with why it failed. */
export interface Probe {
  upstream: UpstreamId;
  /** What the check asks, in a few words ("chain id 0x1 and Aave Governance answers"). */
  asks: string;
  run(upstream: Upstream, signal: AbortSignal): Promise<string>;
}
