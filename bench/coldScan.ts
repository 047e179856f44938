/**
 * Scans that miss the cache (issue 12 item 2), through the scan handler in process with fresh
 * services per run, on a warm process: upstream requests per scan for each address kind, and the
 * scan's latency when one upstream it reads answers every request late, minus that latency
 * (target: at most 50 ms). Solana and the XRPL read their recorded example accounts; EVM has no
 * recorded account (evm-exposure.md), so the synthetic holder of test/exposure/syntheticEvmWallet.ts
 * stands in, served over HTTP by a replay server like a recording. The replay server runs in a process
 * of its own (replayInItsOwnProcess.ts): sharing the scan's event loop, it added its own work to the
 * scan's time and started an injected latency only once the busy loop read the request, where a
 * remote upstream's starts when the request leaves. No public material holds one
 * Cosmos account's complete state (cosmoshub-exposure.md), so the synthetic delegator of
 * test/modules/cosmoshub/syntheticDelegator.ts stands in for cosmos: its own answers are made up, the
 * hub-wide APR inputs and the chain check are the recordings. Its ATOM price is not recorded: that one
 * request misses (404) and the scan goes without valueUsd, as offline everywhere.
 */
import type { HttpEvent } from '../shared/api/http/types.js';
import { EXAMPLE_WALLETS } from '../shared/api/exampleWallets.js';
import { UPSTREAM_IDS, type UpstreamId } from '../shared/upstream/endpoints.js';
import { loadFixtures } from '../shared/upstream/replay/fixtureFormat.js';
import { countsBetween } from '../shared/upstream/requestCounter.js';
import { createUpstreams } from '../shared/upstream/upstreams.js';
import { captureScans, HOLDER } from '../test/exposure/syntheticEvmWallet.js';
import { SYNTHETIC_DELEGATOR, syntheticDelegatorFixture } from '../test/modules/cosmoshub/syntheticDelegator.js';
import { testServices } from '../test/support/services.js';
import { replayInItsOwnProcess } from './replayInItsOwnProcess.js';

export const COLD_LATENCY_MS = 200;
const RUNS = 9;

export interface ColdScanRow {
  kind: string;
  address: string;
  /** Upstream requests of one scan, per upstream. */
  requests: Partial<Record<UpstreamId, number>>;
  noFault: number[];
  /** Per slowed upstream: the scan's durations with every request to it COLD_LATENCY_MS late. */
  slowed: { upstream: UpstreamId; samples: number[] }[];
}

const eventFor = (address: string) =>
  ({
    version: '2.0',
    routeKey: 'ANY /api/scan/{address}',
    rawPath: `/api/scan/${address}`,
    rawQueryString: '',
    headers: { host: 'bench' },
    pathParameters: { address },
    requestContext: { http: { method: 'GET', path: `/api/scan/${address}`, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' }, requestId: 'bench', routeKey: '', stage: '$default', time: '', timeEpoch: 0, accountId: '', apiId: '', domainName: 'bench', domainPrefix: '' },
    isBase64Encoded: false,
  }) as unknown as HttpEvent;

export async function benchColdScans(): Promise<ColdScanRow[]> {
  const { handler: scan } = await import('../functions/scan.js');
  // The scans the replayed ones will send, captured: what the readers learn lives partly with the
  // upstream clients and partly in the modules, so the bench's scans (this warm process, new clients)
  // send neither a fresh process's first requests nor its second. Capturing twice, each time on new
  // clients, records both states: a fresh process's, then this one's. Captured through the scan
  // handler, as measured: the reads after the positions (the Aave stewards' views of the markets
  // held) are recorded too, where a capture of the positions alone left them to miss on every scan.
  const scanHolder = async (upstreams: Parameters<Parameters<typeof captureScans>[1]>[0]) => {
    const handler = scan.withServices(async () => testServices({ quota: 1_000_000_000, config: { moduleDeadlineMs: 10_000 }, upstreams }));
    const result = await handler(eventFor(HOLDER));
    if (result.statusCode !== 200) throw new Error(`the captured scan answered ${result.statusCode}: ${result.body?.slice(0, 200)}`);
    return result;
  };
  const evm = [await captureScans(2, scanHolder), await captureScans(2, scanHolder)].flatMap((captured) => captured.fixtures);
  const replay = await replayInItsOwnProcess([...(await loadFixtures()), ...evm, syntheticDelegatorFixture()]);
  const wallets = [...EXAMPLE_WALLETS.filter((wallet) => wallet.kind !== 'ens').map(({ kind, address }) => ({ kind: String(kind), address })), { kind: 'evm (synthetic)', address: HOLDER }, { kind: 'cosmos (synthetic)', address: SYNTHETIC_DELEGATOR }];
  // One process's upstreams, as a server or a warm Lambda keeps them (with what their readers learnt).
  const upstreams = createUpstreams({ endpoints: replay.endpoints, env: {} });
  /** One scan that misses every cache: fresh services (so an empty scan cache), the process warm. */
  const cold = async (address: string) => {
    const services = testServices({ quota: 1_000_000_000, config: { moduleDeadlineMs: 5_000 }, upstreams });
    const handler = scan.withServices(async () => services);
    const before = upstreams.counter.snapshot();
    const started = performance.now();
    const result = await handler(eventFor(address));
    const ms = performance.now() - started;
    if (result.statusCode !== 200) throw new Error(`cold scan of ${address} answered ${result.statusCode}: ${result.body?.slice(0, 200)}`);
    return { ms, counts: countsBetween(before, upstreams.counter.snapshot()) };
  };
  try {
    const rows: ColdScanRow[] = [];
    for (const wallet of wallets) {
      await cold(wallet.address); // warm: module code loaded, readers know the markets
      const { counts } = await cold(wallet.address);
      const used = UPSTREAM_IDS.filter((id) => counts[id].requests > 0);
      const sample = async () => {
        const samples: number[] = [];
        for (let run = 0; run < RUNS; run++) samples.push((await cold(wallet.address)).ms);
        return samples;
      };
      const row: ColdScanRow = { ...wallet, requests: Object.fromEntries(used.map((id) => [id, counts[id].requests])), noFault: await sample(), slowed: [] };
      for (const upstream of used) {
        await replay.inject(upstream, { kind: 'latency', ms: COLD_LATENCY_MS });
        row.slowed.push({ upstream, samples: await sample() });
        await replay.clear();
      }
      rows.push(row);
    }
    return rows;
  } finally {
    await replay.stop();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
  for (const row of await benchColdScans()) {
    console.log(`${row.kind}: requests ${JSON.stringify(row.requests)}; no fault ${median(row.noFault).toFixed(1)} ms; ${row.slowed.map((slow) => `${slow.upstream} +${COLD_LATENCY_MS}: ${median(slow.samples).toFixed(1)} ms (over ${(median(slow.samples) - COLD_LATENCY_MS).toFixed(1)})`).join('; ')}`);
  }
}
