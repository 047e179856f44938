import { createUpstreams, type Upstreams } from '../upstreams.js';
import { parseFaultSpec } from './faults.js';
import { loadFixtures } from './fixtureFormat.js';
import { recordingOf } from '../recording.js';
import { type ReplayServer, startReplayServer } from './replayServer.js';

export interface RecordedUpstreams {
  replay: ReplayServer;
  upstreams: Upstreams;
  close(): Promise<void>;
}

/**
 * UPSTREAM=recorded: starts the replay server on a free local port (recordings from
 * test/fixtures/upstream, UPSTREAM_FAULTS applied) and upstreams that all point at it, for the
 * process's services.
 * Requests nothing recorded answers are logged, so a missing recording shows in the server log.
 */
export async function recordedUpstreams(env: NodeJS.ProcessEnv = process.env): Promise<RecordedUpstreams> {
  const fixtures = await loadFixtures(env.UPSTREAM_FIXTURES_DIR || undefined);
  const replay = await startReplayServer({
    faults: parseFaultSpec(env.UPSTREAM_FAULTS),
    fixtures,
    onMiss: (miss) => console.warn(JSON.stringify({ level: 'warn', message: 'replay: no recorded exchange', ...miss })),
  });
  // The upstreams carry what they replay, so the feed, the pages and GET /api say it is a recording.
  const upstreams = { ...createUpstreams({ endpoints: replay.endpoints, env }), recording: recordingOf(fixtures), replayMisses: replay.misses };
  return { replay, upstreams, close: () => replay.close() };
}

/** Which upstreams this process uses: `live` (default) or `recorded`. */
export function upstreamMode(env: NodeJS.ProcessEnv = process.env): 'live' | 'recorded' {
  const mode = env.UPSTREAM ?? 'live';
  if (mode !== 'live' && mode !== 'recorded') throw new Error(`UPSTREAM must be live or recorded, got ${mode}`);
  return mode;
}
