/**
 * Cached answers under load against a bare Node server sending the same bytes and headers, side by
 * side in one run by the same tool (autocannon) on loopback. Each server runs in its own process
 * (bench/loadServer.ts); the load comes from this one. Target: at least 0.6 of the bare server's
 * throughput, p99 within 2× of its p99. Also the govex server's peak memory over its load runs.
 */
import { type ChildProcess, fork } from 'node:child_process';
import autocannon from 'autocannon';
import { demoWallet } from '../shared/demo/wallets.js';

const SERVER = new URL('./loadServer.ts', import.meta.url);

export interface LoadCase {
  path: string;
  bytes: number;
  /** Per target: requests a second (mean), latency median and p99 in ms, and non-2xx or errors. */
  govex: LoadFigures;
  bare: LoadFigures;
}

/**
 * Also the server's CPU time (user and system) per request answered: a noisy machine lowers the
 * throughput of both servers alike but blurs the ratio; the CPU a request costs barely moves.
 */
export interface LoadFigures { requestsPerSecond: number; p50Ms: number; p99Ms: number; failures: number; cpuMicrosPerRequest: number }

export interface LoadBenchResult {
  connections: number;
  seconds: number;
  turns: number;
  cases: LoadCase[];
  peakRssBytes: number;
}

export interface LoadBenchOptions {
  /** Each turn's length; the servers take `turns` turns each, alternately. */
  seconds?: number;
  turns?: number;
  connections?: number;
  /** Writes a V8 CPU profile of the govex server under each load into this directory (one .cpuprofile per path). */
  cpuProfileDir?: string;
}

export const LOAD_PATHS = [`/api/scan/${demoWallet('evm').address}`, '/api/proposals'];

export async function benchLoad({ seconds = 2, turns = 3, connections = 16, cpuProfileDir }: LoadBenchOptions = {}): Promise<LoadBenchResult> {
  const govex = await startChild(['govex'], {});
  const cases: LoadCase[] = [];
  let peakRssBytes = 0;
  try {
    for (const path of LOAD_PATHS) {
      // The first request fills the cache; the load measures cached answers.
      for (let i = 0; i < 20; i++) await (await fetch(`${govex.url}${path}`)).text();
      const response = await fetch(`${govex.url}${path}`);
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
      const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)));
      const bare = await startChild(['bare'], { BENCH_BARE_REPLY: JSON.stringify({ statusCode: 200, headers, body }) });
      try {
        await load(bare, path, 1, connections); // warm both the same way
        await load(govex, path, 1, connections);
        govex.child.send({ type: 'resetPeak' });
        // Turns of `seconds` each, bare then govex, and the median turn of each: a burst of other
        // work on the machine then falls on both alike rather than on one whole run.
        const bareTurns: LoadFigures[] = [];
        const govexTurns: LoadFigures[] = [];
        if (cpuProfileDir) await Promise.all([bare.request('profileStart', 'profiling'), govex.request('profileStart', 'profiling')]);
        for (let turn = 0; turn < turns; turn++) {
          bareTurns.push(await load(bare, path, seconds, connections));
          govexTurns.push(await load(govex, path, seconds, connections));
        }
        if (cpuProfileDir) {
          await bare.request('profileStop', 'profiled', { path: profilePath(cpuProfileDir, path, 'bare') });
          await govex.request('profileStop', 'profiled', { path: profilePath(cpuProfileDir, path) });
        }
        const bareFigures = medianTurn(bareTurns);
        const govexFigures = medianTurn(govexTurns);
        peakRssBytes = Math.max(peakRssBytes, await govex.peakRss());
        cases.push({ path, bytes: Buffer.byteLength(body), govex: govexFigures, bare: bareFigures });
      } finally {
        await bare.stop();
      }
    }
  } finally {
    await govex.stop();
  }
  return { connections, seconds, turns, cases, peakRssBytes };
}

/** Per figure, its median over the turns. */
function medianTurn(turns: LoadFigures[]): LoadFigures {
  const median = (pick: (figures: LoadFigures) => number) => turns.map(pick).sort((a, b) => a - b)[Math.floor(turns.length / 2)]!;
  return {
    requestsPerSecond: median((f) => f.requestsPerSecond),
    p50Ms: median((f) => f.p50Ms),
    p99Ms: median((f) => f.p99Ms),
    failures: turns.reduce((sum, f) => sum + f.failures, 0),
    cpuMicrosPerRequest: median((f) => f.cpuMicrosPerRequest),
  };
}

async function load(server: Child, path: string, seconds: number, connections: number): Promise<LoadFigures> {
  const cpuBefore = await server.cpu();
  const result = await autocannon({ url: server.url + path, connections, duration: seconds });
  const cpu = (await server.cpu()) - cpuBefore;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    cpuMicrosPerRequest: cpu / Math.max(result.requests.total, 1),
  };
}

/** Where the profile of one path's load goes. */
export const profilePath = (dir: string, path: string, server = 'govex'): string => `${dir}/${server}-${path.replace(/^\/api\//, '').replace(/\/.*$/, '')}.cpuprofile`;

interface Child { child: ChildProcess; url: string; peakRss(): Promise<number>; cpu(): Promise<number>; request(type: string, reply: string, fields?: object): Promise<void>; stop(): Promise<void> }

async function startChild(args: string[], env: Record<string, string>): Promise<Child> {
  // Its log (the feed build's warnings on recordings that miss) is shown only if it fails.
  const child = fork(SERVER, args, { env: { ...process.env, ...env }, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let log = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  child.once('exit', (code) => {
    if (code !== 0) console.error(`bench server (${args.join(' ')}) exited ${code}:\n${log}`);
  });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: { type: string } & T) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message);
      };
      const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) before ${type}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { url } = await next<{ url: string }>('ready');
  return {
    child,
    url,
    request: async (type, reply, fields = {}) => {
      const answered = next(reply);
      child.send({ type, ...fields });
      await answered;
    },
    cpu: async () => {
      const answered = next<{ micros: number }>('cpu');
      child.send({ type: 'cpu' });
      return (await answered).micros;
    },
    peakRss: async () => {
      const answered = next<{ rss: number }>('peak');
      child.send({ type: 'peak' });
      return (await answered).rss;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const result = await benchLoad({ seconds: Number(process.env.BENCH_SECONDS ?? 2), ...(process.env.BENCH_PROFILE && { cpuProfileDir: process.env.BENCH_PROFILE }) });
  for (const entry of result.cases) {
    console.log(
      `${entry.path} (${entry.bytes} B): govex ${entry.govex.requestsPerSecond.toFixed(0)}/s p50 ${entry.govex.p50Ms} p99 ${entry.govex.p99Ms} CPU ${entry.govex.cpuMicrosPerRequest.toFixed(0)} µs/request (failures ${entry.govex.failures}); bare ${entry.bare.requestsPerSecond.toFixed(0)}/s p50 ${entry.bare.p50Ms} p99 ${entry.bare.p99Ms} CPU ${entry.bare.cpuMicrosPerRequest.toFixed(0)} µs/request; ratio ${(entry.govex.requestsPerSecond / entry.bare.requestsPerSecond).toFixed(2)}, p99 ${(entry.govex.p99Ms / entry.bare.p99Ms).toFixed(2)}×`,
    );
  }
  console.log(`peak rss ${(result.peakRssBytes / 2 ** 20).toFixed(0)} MiB`);
  if (process.env.BENCH_PROFILE) {
    const { frameLine, topFrames } = await import('./cpuProfile.js');
    for (const path of LOAD_PATHS) {
      console.log(`\nCPU profile of the govex server under load, ${path} (shares of its busy time):`);
      for (const row of await topFrames(profilePath(process.env.BENCH_PROFILE, path), 20)) console.log(frameLine(row));
    }
  }
}
