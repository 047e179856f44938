/**
 * CPU of an uncached EVM scan (issue 22 item 7): the positions read of synthetic wallets that hold
 * nothing anywhere, or hold on 1, 5 or every chain a module reads (bench/syntheticHolders.ts), on a
 * warm process whose readers know the markets. CPU is process.cpuUsage() (user + system) around each
 * scan, so other work on a shared machine barely moves it (wall time would); the replay server that
 * answers runs in a process of its own (bench/replayProcess.ts), so its work is not billed to the
 * scan. Each wallet's exchanges are captured through the same scan path first, on new upstream
 * clients twice (a fresh process's requests, then a warm one's), as bench/coldScan.ts does.
 * `BENCH_PROFILE=<dir> npx tsx bench/scanCpu.ts` also writes a CPU profile of the measured scans.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import type { Wallet } from '../shared/address/types.js';
import { readPositions } from '../shared/scan/readPositions.js';
import type { UpstreamId } from '../shared/upstream/endpoints.js';
import { countsBetween } from '../shared/upstream/requestCounter.js';
import { createUpstreams, type Upstreams } from '../shared/upstream/upstreams.js';
import { captureScans } from '../test/exposure/syntheticEvmWallet.js';
import type { Row } from './measure.js';
import { replayInItsOwnProcess } from './replayInItsOwnProcess.js';
import { emptyHolder, EVERY_CHAIN, holderOnChains, type SyntheticHolder } from './syntheticHolders.js';

export interface ScanCpuCase {
  holder: SyntheticHolder;
  /** CPU milliseconds of each measured scan. */
  cpuMs: number[];
  /** Wall milliseconds of the same scans (loopback, for the record only). */
  wallMs: number[];
  positions: number;
  /** One warm scan's upstream requests, per chain. */
  requests: Partial<Record<UpstreamId, number>>;
}

export const SCAN_CPU_RUNS = Number(process.env.BENCH_SCAN_RUNS ?? 60);

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

export async function benchScanCpu(options: { runs?: number; profileDir?: string; holders?: SyntheticHolder[] } = {}): Promise<ScanCpuCase[]> {
  const runs = options.runs ?? SCAN_CPU_RUNS;
  const holders = options.holders ?? [emptyHolder(), holderOnChains(1), holderOnChains(5), holderOnChains(EVERY_CHAIN.length)];
  const scanOf = (holder: SyntheticHolder) => (upstreams: Upstreams) => readPositions({ kind: 'evm', address: holder.address } satisfies Wallet, { deadlineMs: 10_000, now: new Date(), upstreams });
  const fixtures = [];
  for (const holder of holders) {
    for (let capture = 0; capture < 2; capture++) fixtures.push(...(await captureScans(2, scanOf(holder), holder.state)).fixtures);
  }
  const replay = await replayInItsOwnProcess(fixtures);
  const profiler = options.profileDir ? new Session() : undefined;
  try {
    // Every wallet on its own upstreams (one process's, as a warm Lambda keeps them), made warm by two scans.
    const prepared = [];
    for (const holder of holders) {
      const upstreams = createUpstreams({ endpoints: replay.endpoints, env: {} });
      const scan = scanOf(holder);
      await scan(upstreams);
      const before = upstreams.counter.snapshot();
      const checked = await scan(upstreams);
      if (checked.degraded.length > 0) throw new Error(`${holder.name}: the synthetic scan degraded: ${JSON.stringify(checked.degraded).slice(0, 300)}`);
      const counts = countsBetween(before, upstreams.counter.snapshot());
      const requests = Object.fromEntries(Object.entries(counts).flatMap(([id, count]) => (count.requests > 0 ? [[id, count.requests]] : [])));
      prepared.push({ holder, upstreams, scan, positions: checked.positions.length, requests, cpuMs: [] as number[], wallMs: [] as number[] });
    }
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    // In turns, one scan of each wallet a turn: a burst of load on the machine falls on every wallet alike.
    for (let run = 0; run < runs; run++) {
      for (const entry of prepared) {
        const cpu = process.cpuUsage();
        const wall = performance.now();
        await entry.scan(entry.upstreams);
        entry.wallMs.push(performance.now() - wall);
        entry.cpuMs.push(cpuMsSince(cpu));
      }
    }
    const cases: ScanCpuCase[] = prepared.map(({ holder, cpuMs, wallMs, positions, requests }) => ({ holder, cpuMs, wallMs, positions, requests }));
    if (profiler && options.profileDir) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(join(options.profileDir, 'scanCpu.cpuprofile'), JSON.stringify(profile));
      profiler.disconnect();
    }
    return cases;
  } finally {
    await replay.stop();
  }
}

/** The table's rows: CPU per scan for each wallet, against the targets. */
export function scanCpuRows(cases: readonly ScanCpuCase[]): Row[] {
  const group = 'CPU per uncached evm scan (positions of synthetic wallets, warm process; process.cpuUsage ms; replay server in its own process)';
  const median = (samples: readonly number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  return cases.map(({ holder, cpuMs, wallMs, positions, requests }) => {
    const perChain = Object.values(requests);
    const target = holder.chains.length === 0 ? 5 : holder.chains.length === 5 ? 15 : undefined;
    const cpu = median(cpuMs);
    return {
      group,
      name: `${holder.name} (${EVERY_CHAIN.length} chains read)`,
      samples: cpuMs,
      compared: `${positions} positions; wall ${median(wallMs).toFixed(1)} ms; requests ${perChain.reduce((a, b) => a + b, 0)} on ${perChain.length} chains (max ${Math.max(...perChain)} per chain)`,
      note: target === undefined ? '' : `target ≤ ${target} ms CPU (${cpu <= target ? 'met' : 'not met'})`,
    };
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const { formatTable } = await import('./measure.js');
  const { topFrames, frameLine } = await import('./cpuProfile.js');
  const profileDir = process.env.BENCH_PROFILE;
  const cases = await benchScanCpu({ ...(profileDir && { profileDir }) });
  console.log(formatTable(scanCpuRows(cases)));
  if (profileDir) for (const row of await topFrames(join(profileDir, 'scanCpu.cpuprofile'), 30)) console.log(frameLine(row));
}
