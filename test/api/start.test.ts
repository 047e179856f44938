import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm start', () => {
  it('serves on PORT, builds the feed at start, and exits cleanly on SIGTERM', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'govex-start-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'local/server.ts'], {
      env: { ...process.env, PORT: '0', FEED_PATH: join(directory, 'feed.json'), SOURCE_DEADLINE_MS: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await waitFor(() => /listening on (http:\/\/\S+)/.exec(output)?.[1]);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      await waitFor(() => (output.includes('feed built') ? true : undefined));
      const feed = (await (await fetch(`${url}/api/proposals`)).json()) as { degraded: { message: string }[] };
      expect(feed.degraded.map((entry: { message: string }) => entry.message)).not.toContain('not read yet: no feed has been built');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('SIGTERM: closing');
    } finally {
      child.kill('SIGKILL');
      await rm(directory, { recursive: true, force: true });
    }
  });
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
