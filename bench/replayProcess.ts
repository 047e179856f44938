/**
 * A replay server in a process of its own, for CPU figures: process.cpuUsage() counts a whole
 * process, so a replay server answering in the scanning process would bill its own work (matching
 * requests, sending megabytes of hex) to the scan. The parent writes the fixtures to a file, forks
 * this, and reads the server's endpoints from the first IPC message; `{ fault }` messages inject or
 * clear a fault (the replay server's FaultBook), answered with `{ ok: true }`.
 */
import { readFile } from 'node:fs/promises';
import type { UpstreamId } from '../shared/upstream/endpoints.js';
import type { Fault } from '../shared/upstream/replay/faults.js';
import type { FixtureFile } from '../shared/upstream/replay/fixtureFormat.js';
import { startReplayServer } from '../shared/upstream/replay/replayServer.js';

export type ReplayProcessMessage = { inject: [UpstreamId, Fault] } | { clear: true } | { misses: true };

const fixtures = JSON.parse(await readFile(process.argv[2]!, 'utf8')) as FixtureFile[];
const replay = await startReplayServer({ fixtures, onMiss: () => undefined });
process.on('message', (message: ReplayProcessMessage) => {
  if ('inject' in message) replay.faults.inject(...message.inject);
  if ('clear' in message) replay.faults.clear();
  process.send!({ ok: true, misses: replay.missCount() });
});
process.on('disconnect', () => void replay.close().then(() => process.exit(0)));
process.send!({ endpoints: replay.endpoints });
