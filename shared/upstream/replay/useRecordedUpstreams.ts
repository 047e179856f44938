import { createUpstreams, type Upstreams, useUpstreams } from '../upstreams.js';
import { parseFaultSpec } from './faults.js';
import { type ReplayServer, startReplayServer } from './replayServer.js';

export interface RecordedUpstreams {
  replay: ReplayServer;
  upstreams: Upstreams;
  close(): Promise<void>;
}

/**
 * UPSTREAM=recorded: starts the replay server on a free local port (recordings from
 * test/fixtures/upstream, UPSTREAM_FAULTS applied) and makes it every upstream of this process.
 * Requests nothing recorded answers are logged, so a missing recording shows in the server log.
 */
export async function useRecordedUpstreams(env: NodeJS.ProcessEnv = process.env): Promise<RecordedUpstreams> {
  const replay = await startReplayServer({
    faults: parseFaultSpec(env.UPSTREAM_FAULTS),
    ...(env.UPSTREAM_FIXTURES_DIR && { fixturesDir: env.UPSTREAM_FIXTURES_DIR }),
    onMiss: (miss) => console.warn(JSON.stringify({ level: 'warn', message: 'replay: no recorded exchange', ...miss })),
  });
  const upstreams = createUpstreams({ endpoints: replay.endpoints, env });
  useUpstreams(upstreams);
  return { replay, upstreams, close: () => replay.close() };
}

/** Which upstreams this process uses: `live` (default) or `recorded`. */
export function upstreamMode(env: NodeJS.ProcessEnv = process.env): 'live' | 'recorded' {
  const mode = env.UPSTREAM ?? 'live';
  if (mode !== 'live' && mode !== 'recorded') throw new Error(`UPSTREAM must be live or recorded, got ${mode}`);
  return mode;
}
