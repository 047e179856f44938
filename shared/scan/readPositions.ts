import type { ScanDegradation } from '../contract/common.js';
import type { Wallet } from '../address/types.js';
import { isDemoWallet } from '../demo/wallets.js';
import type { ExposurePosition } from '../domain/position.js';
import { modulesFor } from '../modules/loaders.js';
import type { ProtocolSlug } from '../modules/registry.js';
import { PartialPositions } from '../modules/partialPositions.js';
import { reportFailure } from '../upstream/describeFailure.js';
import { withDeadline } from '../upstream/withDeadline.js';
import type { Upstreams } from '../upstream/upstreams.js';

export interface PositionsRead {
  mode: 'mock' | 'live';
  positions: ExposurePosition[];
  degraded: ScanDegradation[];
  /** Modules that were asked (after the kind and `protocol` narrowing). */
  checked: ProtocolSlug[];
}

/**
 * A wallet's positions across the modules that serve its kind, narrowed to `only`: modules outside
 * it are never loaded, let alone called. Each module runs under its own deadline, in parallel; a
 * failure becomes a degraded entry, never a missing protocol; a module that read part of its
 * positions (PartialPositions) keeps that part beside its degraded entry. Demo wallets read the modules' fixed
 * demo data and go on through the same pipeline.
 */
export async function readPositions(
  wallet: Wallet,
  options: { only?: readonly ProtocolSlug[]; deadlineMs: number; now: Date; upstreams: Upstreams },
): Promise<PositionsRead> {
  const entries = modulesFor(wallet.kind, options.only);
  const demo = isDemoWallet(wallet);
  const results = await Promise.allSettled(
    entries.map(async (entry) => {
      const module = await entry.load();
      if (demo) return module.demo.positions(wallet);
      return withDeadline(options.deadlineMs, (signal) => module.exposure.readPositions(wallet, { signal, now: options.now, upstreams: options.upstreams, deadlineMs: options.deadlineMs }));
    }),
  );
  const positions: ExposurePosition[] = [];
  const degraded: ScanDegradation[] = [];
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') {
      positions.push(...result.value);
      return;
    }
    // Part read, part failed: what was read stays, and the module is degraded all the same.
    const partial = result.reason instanceof PartialPositions ? result.reason : undefined;
    if (partial) positions.push(...partial.positions);
    const slug = entries[index]!.slug;
    // A module that names its failed chains is reported once per chain, each naming its own.
    if (partial && partial.chains.length > 0) {
      for (const { chain, cause } of partial.chains) degraded.push({ module: slug, component: 'exposure', chain, message: reportFailure(cause, { module: slug, component: 'exposure', chain }) });
      return;
    }
    degraded.push({ module: slug, component: 'exposure', message: reportFailure(partial ? partial.cause : result.reason, { module: slug, component: 'exposure' }) });
  });
  return { mode: demo ? 'mock' : 'live', positions, degraded, checked: entries.map((entry) => entry.slug) };
}

