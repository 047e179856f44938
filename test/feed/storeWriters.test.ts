import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../shared/runtime/config.js';
import { FileFeedStore, LOCK_FILE } from '../../shared/stores/file/fileFeedStore.js';
import { storedFeed } from '../support/feed.js';
import { type ServerProcess, startServerProcess } from './serverProcess.js';

/*
 * One writer per store, one store per mode (issue 19, "modes never share files"): real server
 * processes (`npm start`), recorded mode replaying test/fixtures/upstream; live mode's upstreams are
 * closed local ports (vitest.config.ts), so a live build reads nothing and nothing leaves the machine.
 */
/** Sources that have no recording fail at their deadline: a short one keeps each build to seconds. */
const QUICK = { SOURCE_DEADLINE_MS: '2000', UPSTREAM_RETRIES: '0' };
/** Two server processes each start (tsx), load every module and build: about 25 s each on a busy 2-core machine. */
const SERVER_PROCESSES_MS = 240_000;
let directory = '';
const processes: ServerProcess[] = [];
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'govex-writers-'));
});
afterEach(async () => {
  await Promise.all(processes.splice(0).map((server) => server.stop('SIGKILL')));
  await rm(directory, { recursive: true, force: true });
});
const server = (env: Record<string, string>, cwd?: string) => {
  const started = startServerProcess(env, cwd);
  processes.push(started);
  return started;
};
const proposalIds = async (url: string) => ((await (await fetch(`${url}/api/proposals?limit=200`)).json()) as { proposals: { id: string }[] }).proposals.map((proposal) => proposal.id);
const lockHolder = async () => (JSON.parse(await readFile(join(directory, LOCK_FILE), 'utf8')) as { pid: number }).pid;

/** A process that has exited: its pid names nobody (the kernel does not reuse it at once). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the lock of a file feed store', () => {
  it('refuses writes while another running process holds it, and takes it over once that process is gone', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      await writeFile(join(directory, LOCK_FILE), JSON.stringify({ pid: other.pid, process: 'another server' }));
      const store = new FileFeedStore(join(directory, 'feed.json'));
      expect(await store.claimWriter()).toEqual({ claimed: false, holder: `pid ${other.pid}` });
      await expect(store.write(storedFeed([]))).rejects.toThrow(`is written by pid ${other.pid}; this process only reads it`);
      expect(existsSync(join(directory, 'feed.json'))).toBe(false);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
    const store = new FileFeedStore(join(directory, 'feed.json'));
    await store.write(storedFeed([]));
    expect(await lockHolder()).toBe(process.pid);
    await store.releaseWriter();
    expect(existsSync(join(directory, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock a killed server left behind, and one left empty', async () => {
    const store = new FileFeedStore(join(directory, 'feed.json'));
    await writeFile(join(directory, LOCK_FILE), JSON.stringify({ pid: await deadPid(), process: 'a killed server' }));
    expect(await store.claimWriter()).toEqual({ claimed: true });
    await store.releaseWriter();
    await writeFile(join(directory, LOCK_FILE), '');
    expect(await store.claimWriter()).toEqual({ claimed: true });
    expect(await lockHolder()).toBe(process.pid);
    await store.releaseWriter();
  });
});

describe('two servers on one store', () => {
  it('the second serves what the first builds, read-only, and builds once the first is killed', async () => {
    const env = { UPSTREAM: 'recorded', FEED_PATH: join(directory, 'feed.json'), FEED_INTERVAL_SECONDS: '2', ...QUICK };
    const first = server(env);
    const firstUrl = await first.url();
    const built = Number((await first.printed(/feed built: (\d+) proposals/))[1]);
    expect(built).toBeGreaterThan(0);

    const second = server(env);
    const secondUrl = await second.url();
    await second.printed(new RegExp(`feed store: written by pid ${first.child.pid} .*serves it read-only`));
    expect(await proposalIds(secondUrl)).toEqual(await proposalIds(firstUrl));
    // Builds at every interval on the first; none on the second while the first runs.
    await first.printed(/feed built[^]*feed built/);
    expect(second.output()).not.toContain('feed built');

    await first.stop('SIGKILL');
    await second.printed(/its writer has stopped; this server builds the feed now[^]*feed built: \d+ proposals/);
    expect(await lockHolder()).toBe(second.child.pid);
  }, SERVER_PROCESSES_MS);
});

describe('upstream modes', () => {
  it('keep their stores apart by default, and FEED_PATH still names one', () => {
    expect(configFromEnv({}).feedPath).toBe('.data/live/feed.json');
    expect(configFromEnv({ UPSTREAM: 'recorded' }).feedPath).toBe('.data/recorded/feed.json');
    expect(configFromEnv({ UPSTREAM: 'recorded', FEED_PATH: '/srv/govex/feed.json' }).feedPath).toBe('/srv/govex/feed.json');
  });

  it('never serve a recorded build to a live server started after it in the same folder', async () => {
    const recorded = server({ UPSTREAM: 'recorded', FEED_PATH: '', ...QUICK }, directory);
    const recordedUrl = await recorded.url();
    await recorded.printed(/feed built: [1-9]\d* proposals/);
    const replayed = await proposalIds(recordedUrl);
    expect(replayed.length).toBeGreaterThan(0);
    await recorded.stop();

    const live = server({ FEED_PATH: '', ...QUICK }, directory);
    const liveUrl = await live.url();
    await live.printed(/feed built: \d+ proposals/);
    // Every live source is a closed port here: the live feed is empty, and so are its index and Atom feed.
    expect(await proposalIds(liveUrl)).toEqual([]);
    expect(await (await fetch(`${liveUrl}/feed.atom`)).text()).not.toContain('<entry>');
    expect((await fetch(`${liveUrl}/api/proposals/${replayed[0]}`)).status).toBe(404);
    for (const name of ['feed.json', 'index.html', 'feed.atom']) {
      expect(existsSync(join(directory, '.data', 'recorded', name)), name).toBe(true);
      expect(existsSync(join(directory, '.data', 'live', name)), name).toBe(true);
    }
  }, SERVER_PROCESSES_MS);
});
