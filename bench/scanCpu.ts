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
import type { Hex } from 'viem';
import { decodeAggregate3 } from '../shared/upstream/clients/aggregate3Codec.js';
import { postJsonRpc } from '../shared/upstream/clients/postJsonRpc.js';
import { countsBetween } from '../shared/upstream/requestCounter.js';
import type { FetchFn } from '../shared/upstream/upstreamFetch.js';
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

/**
 * What an empty wallet's scan costs before any module runs (why its target is out of reach, issue
 * 22 item 7): the same HTTP requests the warm scan sends (captured bodies, one per chain), posted
 * at once through postJsonRpc to the same replay server, parsed and aggregate3-decoded; and 21
 * requests of eth_chainId alone, the least a request per chain can carry.
 */
export interface RequestFloor {
  /** CPU milliseconds per set of the scan's own requests, and per set of minimal ones. */
  scanRequests: number[];
  minimalRequests: number[];
  chains: number;
  requestBytes: number;
}

/** The table's group for the scans and their floor, side by side. */
const SCAN_CPU_GROUP = 'CPU per uncached evm scan (positions of synthetic wallets, warm process; process.cpuUsage ms; replay server in its own process)';

export const SCAN_CPU_RUNS = Number(process.env.BENCH_SCAN_RUNS ?? 60);

const cpuMsSince = (start: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

export async function benchScanCpu(options: { runs?: number; profileDir?: string; holders?: SyntheticHolder[] } = {}): Promise<{ cases: ScanCpuCase[]; floor: RequestFloor }> {
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
    const empty = holders.find((holder) => holder.chains.length === 0) ?? holders[0]!;
    return { cases, floor: await requestFloor(scanOf(empty), replay.endpoints, runs) };
  } finally {
    await replay.stop();
  }
}

/**
 * The floor: the warm scan's request bodies, captured on upstreams whose fetch passes them on to
 * the replay server (a scan's second, as measured above), then posted through postJsonRpc on plain
 * upstreams, all chains at once, each answer parsed and its aggregate3 decoded; beside it, one
 * eth_chainId per chain. In turns, as the scans are measured.
 */
async function requestFloor(scan: (upstreams: Upstreams) => Promise<unknown>, endpoints: Partial<Record<UpstreamId, string>>, runs: number): Promise<RequestFloor> {
  let bodies: { id: UpstreamId; body: string }[] = [];
  const byUrl = new Map(Object.entries(endpoints).map(([id, url]) => [url, id as UpstreamId]));
  const passing: FetchFn = (input, init) => {
    const id = byUrl.get(String(input));
    if (id && typeof init?.body === 'string') bodies.push({ id, body: init.body });
    return fetch(input, init);
  };
  const capturing = createUpstreams({ endpoints, env: {}, fetch: passing });
  await scan(capturing);
  bodies = [];
  await scan(capturing);
  const upstreams = createUpstreams({ endpoints, env: {} });
  const methodsOf = (body: string) => (JSON.parse(body) as { method: string }[]).map((call) => call.method);
  const sets = {
    scan: bodies.map(({ id, body }) => ({ upstream: upstreams[id], body, methods: methodsOf(body) })),
    minimal: bodies.map(({ id }) => ({ upstream: upstreams[id], body: JSON.stringify([{ jsonrpc: '2.0', id: 0, method: 'eth_chainId', params: [] }]), methods: ['eth_chainId'] })),
  };
  const post = async (set: typeof sets.scan) => {
    const answers = await Promise.all(set.map(({ upstream, body, methods }) => postJsonRpc(upstream, body, methods)));
    // Each eth_call's aggregate3 decoded, as the reader does (its count is read from the answer).
    for (const answer of answers as { result?: unknown }[][]) for (const item of answer) if (typeof item.result === 'string' && item.result.length > 130) decodeAggregate3(item.result as Hex, Number.parseInt(item.result.slice(2 + 64 + 52, 2 + 128), 16));
  };
  const floor: RequestFloor = { scanRequests: [], minimalRequests: [], chains: new Set(bodies.map(({ id }) => id)).size, requestBytes: bodies.reduce((sum, { body }) => sum + Buffer.byteLength(body), 0) };
  await post(sets.scan);
  await post(sets.minimal);
  for (let run = 0; run < runs; run++) {
    for (const [name, set] of [['scanRequests', sets.scan], ['minimalRequests', sets.minimal]] as const) {
      const cpu = process.cpuUsage();
      await post(set);
      floor[name].push(cpuMsSince(cpu));
    }
  }
  return floor;
}

/** The floor's rows, beside the scans'. */
export function requestFloorRows(floor: RequestFloor): Row[] {
  const group = SCAN_CPU_GROUP;
  return [
    { group, name: `floor: the empty scan's ${floor.chains} requests alone (postJsonRpc, parsed, aggregate3 decoded; no module)`, samples: floor.scanRequests, compared: `${(floor.requestBytes / 1024).toFixed(1)} KiB of request bodies` },
    { group, name: `floor: ${floor.chains} requests of eth_chainId alone (postJsonRpc)`, samples: floor.minimalRequests, note: 'the least one request per chain costs here' },
  ];
}

/** The table's rows: CPU per scan for each wallet, against the targets. */
export function scanCpuRows(cases: readonly ScanCpuCase[]): Row[] {
  const group = SCAN_CPU_GROUP;
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
  const { cases, floor } = await benchScanCpu({ ...(profileDir && { profileDir }) });
  console.log(formatTable([...scanCpuRows(cases), ...requestFloorRows(floor)]));
  if (profileDir) for (const row of await topFrames(join(profileDir, 'scanCpu.cpuprofile'), 30)) console.log(frameLine(row));
}
