/**
 * A server for the load bench, in its own process so the load tool never shares its event loop:
 * `govex` is the local server (recorded upstreams, the feed built once at start, the quota raised),
 * `bare` a plain Node http server answering every request with the bytes and headers it is given.
 * It reports its address, then its peak resident memory and CPU time when asked, over IPC.
 */
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Message = { type: 'stop' } | { type: 'peak' } | { type: 'resetPeak' } | { type: 'cpu' } | { type: 'profileStart' } | { type: 'profileStop'; path: string };
interface BareReply { statusCode: number; headers: Record<string, string>; body: string }

const mode = process.argv[2];
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

let close: () => Promise<void>;
let url: string;
if (mode === 'bare') {
  const reply = JSON.parse(process.env.BENCH_BARE_REPLY ?? '') as BareReply;
  // The body's bytes, encoded once, as the govex server writes a cached answer: the baseline is the
  // least a server can do per request, not a UTF-8 transcoding of the same text on every write.
  const body = Buffer.from(reply.body);
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(reply.statusCode, reply.headers);
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
} else {
  const [{ startServer }, { embeddedServices }, { configFromEnv }, { recordedUpstreams }, { buildFeed }, { MODULE_ENTRIES: MODULES }] = await Promise.all([
    import('../local/server.js'),
    import('../shared/runtime/embeddedServices.js'),
    import('../shared/runtime/config.js'),
    import('../shared/upstream/replay/recordedUpstreams.js'),
    import('../shared/feed/buildFeed.js'),
    import('../shared/modules/loaders.js'),
  ]);
  const recorded = await recordedUpstreams({ UPSTREAM: 'recorded' });
  const feedDir = await mkdtemp(join(tmpdir(), 'govex-bench-'));
  const feedPath = join(feedDir, 'feed.json');
  const services = embeddedServices(configFromEnv({ RATE_LIMIT_QUOTA: '1000000000', FEED_PATH: feedPath }), recorded.upstreams);
  await buildFeed({ modules: MODULES, store: services.feedStore, now: services.now, deadlineMs: services.config.sourceDeadlineMs, upstreams: services.upstreams });
  const local = await startServer({ port: 0, services });
  url = local.url;
  close = async () => {
    await local.close();
    await recorded.close();
    await rm(feedDir, { recursive: true, force: true });
  };
}
peakRss = process.memoryUsage().rss; // peak over the load, not over start-up
process.send!({ type: 'ready', url });
let profiler: Session | undefined;
process.on('message', async (message: Message) => {
  if (message.type === 'resetPeak') peakRss = process.memoryUsage().rss;
  // The CPU profile of the load alone (what --cpu-prof would give, without start-up and the feed build).
  if (message.type === 'profileStart') {
    profiler ??= new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
    process.send!({ type: 'profiling' });
  }
  if (message.type === 'profileStop' && profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    await writeFile(message.path, JSON.stringify(profile));
    profiler.disconnect();
    process.send!({ type: 'profiled' });
  }
  if (message.type === 'peak') process.send!({ type: 'peak', rss: peakRss });
  // CPU time used so far (user and system, µs): per request, the cost a busy machine cannot blur.
  if (message.type === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send!({ type: 'cpu', micros: user + system });
  }
  if (message.type === 'stop') {
    clearInterval(sampler);
    await close();
    process.disconnect();
    // A clean exit, so that --cpu-prof writes its profile.
    process.exit(0);
  }
});
