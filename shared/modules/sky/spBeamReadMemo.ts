import { upstreamReadMemo } from '../../upstream/upstreamReadMemo.js';
import type { Upstream } from '../../upstream/upstreams.js';
import { SP_BEAM, type SpBeamConfig } from './spBeamLimits.js';

/**
 * How long a read stands for the scans after it: the bounds move only by a spell and `toc` only by a
 * Set, and asking 21 calls of every scan, an empty wallet's included, was a tenth of its CPU
 * (bench/scanCpu.ts); the envelope says when it was read (`readAt`).
 */
export const SP_BEAM_READ_FOR_MS = 60_000;

/*
 * SP-BEAM's configuration as the exposure last read it on an upstream: the exposure asks it in its
 * own first round (the same aggregate3, so the same HTTP request, as every EVM module's first
 * reads), and the scan's envelope takes it from here a moment later, with no request of its own and
 * no chain library (the catalog and llms functions load the bounds' file). A failed read forgets
 * the last one rather than let an older answer stand for this scan's.
 */
const lastRead = upstreamReadMemo<SpBeamConfig>(SP_BEAM_READ_FOR_MS);

/** Keeps (or, with undefined, forgets) the configuration read on this upstream at `at` (ms). */
export function rememberSpBeamConfig(upstream: Upstream, config: SpBeamConfig | undefined, at = Date.now()): void {
  if (config) lastRead.keep(upstream, SP_BEAM, config, at);
  else lastRead.forget(upstream, SP_BEAM);
}

/** The configuration the exposure last read on this upstream, if its read succeeded. */
export const spBeamConfigReadOn = (upstream: Upstream): SpBeamConfig | undefined => lastRead.last(upstream, SP_BEAM)?.value;

/** Whether the last read on this upstream is recent enough that a scan at `now` (ms) need not ask again. */
export const spBeamReadIsFresh = (upstream: Upstream, now = Date.now()): boolean => lastRead.fresh(upstream, SP_BEAM, now) !== undefined;
