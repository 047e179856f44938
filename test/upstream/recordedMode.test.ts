import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensResolverFor } from '../../shared/ens/ensResolver.js';
import { UPSTREAM_IDS } from '../../shared/upstream/endpoints.js';
import { recordedUpstreams } from '../../shared/upstream/replay/recordedUpstreams.js';

describe('UPSTREAM=recorded in this process', () => {
  it('points every upstream, and an ens resolver on its Ethereum upstream, at the replay server', async () => {
    const recorded = await recordedUpstreams({ UPSTREAM_FAULTS: 'ethereum=status:503', UPSTREAM_RETRIES: '0' });
    try {
      for (const id of UPSTREAM_IDS) expect(recorded.upstreams[id].url).toBe(recorded.replay.endpoints[id]);
      await expect(ensResolverFor({ moduleDeadlineMs: 1000 }, recorded.upstreams.ethereum).resolve('vitalik.eth')).rejects.toThrow();
      expect(recorded.replay.received.ethereum).toBe(1);
    } finally {
      await recorded.close();
    }
  });
});

describe('npm start with UPSTREAM=recorded', () => {
  let child: ChildProcess | undefined;
  let dir = '';
  let apiUrl = '';
  let replayUrl = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'govex-recorded-'));
    child = spawn(process.execPath, ['--import', 'tsx', 'local/server.ts'], {
      env: { ...process.env, UPSTREAM: 'recorded', PORT: '0', FEED_PATH: join(dir, 'feed.json'), UPSTREAM_FAULTS: 'ethereum=status:503', UPSTREAM_RETRIES: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const api = /listening on (\S+)/.exec(output);
        const replay = /replayed from (\S+)/.exec(output);
        if (api && replay) {
          apiUrl = api[1]!;
          replayUrl = replay[1]!;
          resolve();
        }
      });
      child!.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('serves the API, and its ens lookups reach the replay server instead of the network', async () => {
    expect((await fetch(`${apiUrl}/api/health`)).status).toBe(200);
    const resolve = await fetch(`${apiUrl}/api/ens/resolve?name=vitalik.eth`);
    expect(resolve.status).toBe(502);
    const stats = (await (await fetch(`${replayUrl}/__replay/stats`)).json()) as { received: Record<string, number> };
    expect(stats.received.ethereum).toBeGreaterThanOrEqual(1);
  });

  it('takes faults at run time through its control endpoint', async () => {
    const inject = await fetch(`${replayUrl}/__replay/faults`, { method: 'POST', body: JSON.stringify({ upstream: 'solana', fault: 'latency:50', times: 1 }) });
    expect(inject.status).toBe(204);
    const stats = (await (await fetch(`${replayUrl}/__replay/stats`)).json()) as { faults: Record<string, unknown> };
    expect(stats.faults.solana).toEqual({ fault: { kind: 'latency', ms: 50 }, remaining: 1 });
  });
});
