/**
 * `npm run bench`: every figure of issue 12 measured side by side in one run, printed as ONE table.
 * With `-- --write` (and only then) the run is recorded: bench/results.json with the date, the
 * machine and Node's version, and README's bench block. Never in timed tests. These machines are
 * small and noisy (2 cores): compare rows of one run, not runs of different days.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { clientKey } from '../shared/ratelimit/clientKey.js';
import { testServices } from '../test/support/services.js';
import { COLD_LATENCY_MS } from './coldScan.js';
import { formatTable, measure, type Row, summaryOf, TABLE_HEADER, tableCells } from './measure.js';
import { BENCH_USAGE, benchOptions, withBenchBlock } from './options.js';

// Refused before anything is measured: a misspelt --write would otherwise cost a 3-minute run.
const options = benchOptions(process.argv.slice(2));
const rows: Row[] = [];
const started = Date.now();
const MiB = 1024 * 1024;

// 1. Cached answers under load against a bare Node server with the same bytes and headers (autocannon).
const { benchLoad } = await import('./load.js');
const load = await benchLoad({ seconds: 2, turns: 3, connections: 16 });
for (const entry of load.cases) {
  const group = `under load: GET ${entry.path.replace(/\/api\/scan\/.*/, '/api/scan/{demo evm}')} cached (${(entry.bytes / 1024).toFixed(1)} KiB), autocannon ${load.connections} connections, median of ${load.turns} alternate turns of ${load.seconds} s`;
  const runs = (figures: typeof entry.bare) => Math.round(figures.requestsPerSecond * load.seconds);
  rows.push({ group, name: 'bare Node server, same bytes and headers', summary: { runs: runs(entry.bare), median: entry.bare.p50Ms, p99: entry.bare.p99Ms }, compared: `${entry.bare.requestsPerSecond.toFixed(0)} req/s; CPU ${entry.bare.cpuMicrosPerRequest.toFixed(0)} µs/request`, note: 'the baseline' });
  const ratio = entry.govex.requestsPerSecond / entry.bare.requestsPerSecond;
  const p99 = entry.govex.p99Ms / Math.max(entry.bare.p99Ms, 1);
  rows.push({
    group,
    name: 'govex local server (quota raised)',
    summary: { runs: runs(entry.govex), median: entry.govex.p50Ms, p99: entry.govex.p99Ms },
    compared: `${entry.govex.requestsPerSecond.toFixed(0)} req/s = ${ratio.toFixed(2)} of bare; p99 ${p99.toFixed(1)}× bare's; CPU ${entry.govex.cpuMicrosPerRequest.toFixed(0)} µs/request (${(entry.govex.cpuMicrosPerRequest / entry.bare.cpuMicrosPerRequest).toFixed(1)}× bare's)`,
    note: `target ≥ 0.6 and p99 ≤ 2× (${ratio >= 0.6 && p99 <= 2 ? 'met' : 'not met'}); ${entry.govex.failures + entry.bare.failures} non-2xx or errors`,
  });
}
rows.push({ group: 'local server memory', name: 'peak resident memory over the load runs', compared: `${(load.peakRssBytes / MiB).toFixed(0)} MiB` });

// 2. Cold scans: a cache miss with one upstream slowed, per address kind, and upstream requests per scan.
const { benchColdScans } = await import('./coldScan.js');
for (const scan of await benchColdScans()) {
  const group = `cold scan (cache missed, warm process; replay server in its own process): ${scan.kind}`;
  const requests = Object.entries(scan.requests).map(([id, count]) => `${id} ${count}`).join(', ');
  rows.push({ group, name: 'no fault', samples: scan.noFault, note: `upstream requests per scan: ${requests || 'none'}` });
  for (const slowed of scan.slowed) {
    const over = summaryOf({ group, name: '', samples: slowed.samples })!.median - COLD_LATENCY_MS;
    rows.push({ group, name: `${slowed.upstream} +${COLD_LATENCY_MS} ms per request`, samples: slowed.samples, compared: `${over >= 0 ? '+' : ''}${over.toFixed(1)} ms over the injected latency`, note: `target ≤ +50 ms (${over <= 50 ? 'met' : 'not met'})` });
  }
}
const pageServices = testServices({ quota: 1_000_000_000 });

// 2b. CPU of an uncached evm scan against how many chains the wallet holds on (issue 22 item 7), and
// matching against a stored feed of 100 and 10,000 proposals.
const { benchScanCpu, requestFloorRows, scanCpuRows } = await import('./scanCpu.js');
const scanCpu = await benchScanCpu();
rows.push(...scanCpuRows(scanCpu.cases), ...requestFloorRows(scanCpu.floor));
const { benchFeedMatch } = await import('./feedMatch.js');
rows.push(...(await benchFeedMatch()));

// 3. The feed build on the recorded upstreams: requests per source, wall time under an injected latency.
const { benchFeed } = await import('./feed.js');
const feed = await benchFeed();
for (const source of feed.perSource) rows.push({ group: 'feed build: upstream requests per build, each source alone (recorded)', name: source.module, compared: source.requests, note: source.sources.slice(0, 120) });
rows.push(...feed.rows);

// 4. Each Lambda bundle's size and cold load against an empty handler's (bench/bundles.ts).
try {
  const { benchBundles, coldLoadRows } = await import('./bundles.js');
  rows.push(...coldLoadRows(await benchBundles()));
} catch (error) {
  rows.push({ group: 'Lambda cold load', name: 'not measured', note: String(error).slice(0, 200) });
}

// 5. The wallet page against the scan it renders, and its weight.
const pageBench = await (await import('./page.js')).benchPage(pageServices);
rows.push(...pageBench.rows);
const weight = pageBench.weight;
rows.push({ group: pageBench.rows[0]!.group, name: 'page weight (demo evm)', compared: `HTML ${(weight.htmlBytes / 1024).toFixed(1)} KiB + CSS ${(weight.cssBytes / 1024).toFixed(1)} KiB`, note: 'no script' });

// 6. Positions of the example wallets on the recorded upstreams (first scan of a process, warm).
const { benchPositions } = await import('./positions.js');
const positions = await benchPositions();
rows.push(...positions.rows);
for (const entry of positions.requests) rows.push({ group: 'positions: upstream requests per call', name: entry.kind, compared: entry.requests, note: `${entry.positions} positions` });

// 7. The limiter's hot path: one consume against memory counters, and the client key it hashes.
const services = testServices({ quota: 1_000_000_000 });
rows.push(await measure('rate limiter', 'consume (memory counters)', () => services.limiter.consume('bench-client', Date.now()), 5000, 500));
rows.push(await measure('rate limiter', 'clientKey (HMAC of /56 group; worked out once per address)', async () => clientKey('2001:db8:1:ab12::1', 'secret'), 5000, 500));

const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryBytes: totalmem(), node: process.version, platform: `${process.platform} ${process.arch}` };
const date = new Date().toISOString();
const runLine = `${date} · Node ${machine.node} · ${machine.cpus} × ${machine.cpuModel} · ${(machine.memoryBytes / 1024 ** 3).toFixed(1)} GiB · ${((Date.now() - started) / 1000).toFixed(0)} s`;
const table = formatTable(rows);
console.log(`\n${runLine}\n`);
console.log(table);
if (options.write) {
  const cells = tableCells(rows);
  await writeFile(
    new URL('./results.json', import.meta.url),
    `${JSON.stringify({ date, machine, table: cells.map((line) => Object.fromEntries(TABLE_HEADER.map((title, column) => [title, line[column]]))) }, null, 2)}\n`,
  );
  const readme = new URL('../README.md', import.meta.url);
  await writeFile(readme, withBenchBlock(await readFile(readme, 'utf8'), `Last run: ${runLine}\n\n${table}`));
  console.log('\nwritten: bench/results.json and README’s bench block');
} else {
  console.log(`\nnothing written; to record this run: ${BENCH_USAGE}`);
}
