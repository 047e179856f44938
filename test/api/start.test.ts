import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm start', () => {
  it('serves on PORT, builds the feed at start, and exits cleanly on SIGTERM', async () => {
    await withServerProcess(process.execPath, ['--import', 'tsx', 'local/server.ts'], {}, async ({ child, output, exited }) => {
      const url = await waitFor(() => /listening on (http:\/\/\S+)/.exec(output())?.[1]);
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      await waitFor(() => (output().includes('feed built') ? true : undefined));
      const feed = (await (await fetch(`${url}/api/proposals`)).json()) as { degraded: { message: string }[] };
      expect(feed.degraded.map((entry: { message: string }) => entry.message)).not.toContain('not read yet: no feed has been built');
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output()).toContain('SIGTERM: closing');
    });
  });

  // npm signals its own child only: the script must be the server itself, not a shell or a tsx
  // launcher that would die and leave the server running on its port.
  it('runs the server as npm\'s own child, so `kill <npm pid>` stops the server and frees the port', async () => {
    await withServerProcess('npm', ['start', '--silent'], {}, async ({ child, output, exited }) => {
      const url = await waitFor(() => /listening on (http:\/\/\S+)/.exec(output())?.[1]);
      const serverPid = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
      expect(serverPid).toBeGreaterThan(0);
      child.kill('SIGTERM');
      await exited;
      await waitFor(() => (isRunning(serverPid) ? undefined : true), 10_000);
      expect(await refused(url)).toBe(true);
    });
  });

  it('stops within a few seconds on SIGTERM while clients trickle a request body and request headers', async () => {
    await withServerProcess(process.execPath, ['--import', 'tsx', 'local/server.ts'], {}, async ({ child, output, exited }) => {
      const url = new URL(await waitFor(() => /listening on (http:\/\/\S+)/.exec(output())?.[1]));
      const body = connect(Number(url.port), url.hostname);
      const headers = connect(Number(url.port), url.hostname);
      const sockets = [body, headers];
      for (const socket of sockets) socket.on('error', () => undefined).resume();
      body.write(`POST /api/health HTTP/1.1\r\nHost: ${url.host}\r\nContent-Length: 100000\r\n\r\n`);
      headers.write(`GET /api/health HTTP/1.1\r\nHost: ${url.host}\r\n`);
      const trickle = setInterval(() => {
        if (body.writable) body.write('a');
        if (headers.writable) headers.write('X-Slow: 1\r\n');
      }, 200);
      try {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const signalled = Date.now();
        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        // The shutdown grace is 3 s; Node's defaults let the body hold the process for minutes.
        expect(Date.now() - signalled).toBeLessThan(8_000);
      } finally {
        clearInterval(trickle);
        for (const socket of sockets) socket.destroy();
      }
    });
  });

  it('says in one line that a taken PORT is taken, and exits non-zero', async () => {
    const taken = await listening();
    try {
      const port = (taken.address() as { port: number }).port;
      await withServerProcess(process.execPath, ['--import', 'tsx', 'local/server.ts'], { PORT: String(port) }, async ({ output, exited }) => {
        expect(await exited).not.toBe(0);
        const lines = output().trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain(`port ${port}`);
        expect(lines[0]).toContain('PORT');
        expect(output()).not.toMatch(/\n\s+at /);
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

interface ServerProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/** Starts `command` in the repository with PORT=0 and a fresh feed file; kills it after `use`. */
async function withServerProcess(command: string, args: string[], env: Record<string, string>, use: (server: ServerProcess) => Promise<void>): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), 'govex-start-'));
  const child = spawn(command, args, {
    env: { ...process.env, PORT: '0', FEED_PATH: join(directory, 'feed.json'), SOURCE_DEADLINE_MS: '1000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await use({ child, output: () => output, exited });
  } finally {
    child.kill('SIGKILL');
    await rm(directory, { recursive: true, force: true });
  }
}

const listening = (): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const refused = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect(Number(port), hostname, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
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
