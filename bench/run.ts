/**
 * `npm run bench`: measured side by side in one run (medians, p99, ratios), never in timed tests.
 * These machines are small and noisy (2 cores): compare rows of one run, not runs of different days.
 */
import { startServer } from '../local/server.js';
import { DEMO_WALLETS, demoWallet } from '../shared/demo/wallets.js';
import { clientKey } from '../shared/ratelimit/clientKey.js';
import { useServices } from '../shared/runtime/services.js';
import { testServices } from '../test/support/services.js';
import { measure, printTable, type Row } from './measure.js';

const rows: Row[] = [];
const services = testServices({ quota: 1_000_000_000, config: { scanCacheSeconds: 1 } });
useServices(services);

// 1. The scan pipeline on the demo wallets: in-process handler against the same over HTTP.
const { handler: scan } = await import('../functions/scan.js');
const evm = demoWallet('evm').address;
const event = (address: string) => ({
  version: '2.0',
  routeKey: 'ANY /api/scan/{address}',
  rawPath: `/api/scan/${address}`,
  rawQueryString: '',
  headers: { host: 'bench' },
  pathParameters: { address },
  requestContext: { http: { method: 'GET', path: `/api/scan/${address}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' }, requestId: 'bench', routeKey: '', stage: '$default', time: '', timeEpoch: 0, accountId: '', apiId: '', domainName: 'bench', domainPrefix: '' },
  isBase64Encoded: false,
}) as Parameters<typeof scan>[0];
rows.push(await measure('scan, demo wallets (positions cached up to 1 s)', 'demo evm: handler in process', () => scan(event(evm))));
const local = await startServer({ port: 0, services });
rows.push(await measure('scan, demo wallets (positions cached up to 1 s)', 'demo evm: local server over HTTP', async () => (await fetch(`${local.url}/api/scan/${evm}`)).text()));
rows.push(await measure('scan, demo wallets (positions cached up to 1 s)', 'demo evm: over HTTP, view=compact&minImpact=medium', async () => (await fetch(`${local.url}/api/scan/${evm}?view=compact&minImpact=medium`)).text()));
for (const wallet of DEMO_WALLETS.filter((candidate) => candidate.kind !== 'evm')) {
  rows.push(await measure('scan, demo wallets (positions cached up to 1 s)', `over HTTP, demo ${wallet.kind}`, async () => (await fetch(`${local.url}/api/scan/${wallet.address}`)).text()));
}
rows.push(await measure('service', 'GET /api/health over HTTP', async () => (await fetch(`${local.url}/api/health`)).text()));
rows.push(await measure('service', 'GET /api over HTTP', async () => (await fetch(`${local.url}/api`)).text()));
await local.close();

// 1b. The wallet page against the scan it renders, and its weight.
const pageBench = await (await import('./page.js')).benchPage();
rows.push(...pageBench.rows);
console.log(`\nWallet page weight (demo evm): HTML ${(pageBench.weight.htmlBytes / 1024).toFixed(1)} KiB + CSS ${(pageBench.weight.cssBytes / 1024).toFixed(1)} KiB = ${((pageBench.weight.htmlBytes + pageBench.weight.cssBytes) / 1024).toFixed(1)} KiB, no script`);

// 2. The limiter's hot path: one consume against memory counters, and the client key it hashes.
rows.push(await measure('rate limiter', 'consume (memory counters)', () => services.limiter.consume('bench-client', Date.now()), 5000, 500));
rows.push(await measure('rate limiter', 'clientKey (HMAC of /56 group)', async () => clientKey('2001:db8:1:ab12::1', 'secret'), 5000, 500));

// 3. Bundles of each Lambda, when the infra bench is present (a variable specifier: it may not exist yet).
const BUNDLES = './bundles.js';
try {
  const { benchBundles } = (await import(BUNDLES)) as { benchBundles?: () => Promise<{ entry: string; bytes: number; gzipBytes: number; coldLoadMs: number }[]> };
  if (benchBundles) {
    const bundles = await benchBundles();
    console.log('\nLambda bundles (esbuild, as the stack builds them):');
    console.table(bundles.map((row) => ({ entry: row.entry, KiB: (row.bytes / 1024).toFixed(1), 'gzip KiB': (row.gzipBytes / 1024).toFixed(1), 'cold load ms (median)': row.coldLoadMs.toFixed(1) })));
  }
} catch (error) {
  console.log(`\n(bundles not measured: ${String(error).slice(0, 200)})`);
}

// 4. The feed build on the recorded upstreams: requests per source, wall time under an injected latency.
const { benchFeed } = await import('./feed.js');
const feed = await benchFeed();
console.log('\nFeed build: upstream requests per source per build (each source alone, recorded upstreams):');
console.table(feed.perSource);
rows.push(...feed.rows);

// 5. Positions of the example wallets on the recorded upstreams: requests per call, latency under an injected latency.
const { benchPositions } = await import('./positions.js');
const positions = await benchPositions();
console.log('\nPositions: upstream requests per call for each example wallet (recorded upstreams):');
console.table(positions.requests);
rows.push(...positions.rows);

console.log(`\nNode ${process.version}, ${new Date().toISOString()}\n`);
printTable(rows);
