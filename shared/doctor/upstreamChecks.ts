import { MODULE_ENTRIES } from '../modules/loaders.js';
import type { Probe } from '../upstream/probes/probe.js';

/**
 * One check per upstream the modules read, each asking what the modules need of it: every module's
 * probes (ProtocolModule.probes), those of one upstream run together as one row, so an operator
 * sees one line per endpoint to fix.
 */
export async function upstreamChecks(modules: readonly { load(): Promise<{ probes?: readonly Probe[] }> }[] = MODULE_ENTRIES): Promise<Probe[]> {
  const loaded = await Promise.all(modules.map((module) => module.load()));
  const byUpstream = new Map<Probe['upstream'], Probe[]>();
  for (const probe of loaded.flatMap((module) => module.probes ?? [])) byUpstream.set(probe.upstream, [...(byUpstream.get(probe.upstream) ?? []), probe]);
  return [...byUpstream.values()].map(together);
}

/** Several modules' probes of one upstream as one probe: it passes when every one passes. */
function together(probes: readonly Probe[]): Probe {
  if (probes.length === 1) return probes[0]!;
  return {
    upstream: probes[0]!.upstream,
    asks: probes.map((probe) => probe.asks).join('; '),
    run: async (upstream, signal) => (await Promise.all(probes.map((probe) => probe.run(upstream, signal)))).join('; '),
  };
}
