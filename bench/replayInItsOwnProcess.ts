/**
 * A replay server in a process of its own (bench/replayProcess.ts), for figures a replay server in
 * the measured process would distort: process.cpuUsage() counts a whole process, and a server
 * sharing the event loop adds its own work (matching requests, sending megabytes of hex) to a scan's
 * time and starts an injected latency only once the busy loop reads the request, where a remote
 * upstream's starts when the request leaves.
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EndpointUrls, UpstreamId } from '../shared/upstream/endpoints.js';
import type { Fault } from '../shared/upstream/replay/faults.js';
import type { ReplayProcessMessage } from './replayProcess.js';

export interface ReplayProcess {
  endpoints: EndpointUrls;
  /** Every request to `upstream` answered with `fault` until cleared. */
  inject(upstream: UpstreamId, fault: Fault): Promise<void>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts bench/replayProcess.ts on `fixtures`; resolves once it listens. */
export async function replayInItsOwnProcess(fixtures: readonly unknown[]): Promise<ReplayProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'govex-replay-'));
  const file = join(dir, 'fixtures.json');
  await writeFile(file, JSON.stringify(fixtures));
  const child = fork(new URL('./replayProcess.ts', import.meta.url).pathname, [file], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const endpoints = await new Promise<EndpointUrls>((resolve, reject) => {
    child.once('message', (message: { endpoints: EndpointUrls }) => resolve(message.endpoints));
    child.once('exit', (code) => reject(new Error(`replay process exited (${code})`)));
  });
  /** Sends a message and waits for the child's acknowledgement. */
  const ask = (message: ReplayProcessMessage) =>
    new Promise<void>((resolve) => {
      child.once('message', () => resolve());
      child.send(message);
    });
  return {
    endpoints,
    inject: (upstream, fault) => ask({ inject: [upstream, fault] }),
    clear: () => ask({ clear: true }),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
