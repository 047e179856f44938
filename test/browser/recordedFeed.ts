import { afterAll, beforeAll, expect } from 'vitest';
import { buildFeed, type BuildFeedReturnType } from '../../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { loadFixtures } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { recordingOf } from '../../shared/upstream/recording.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import type { TestServer } from '../support/server.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';

/**
 * A per-call deadline with room: beside the browser on a busy two-core machine, 300 ms let a
 * recorded source (the XRPL's connect, Ethereum's batches) time out and drop out of the feed.
 */
const POLICY = { ...TEST_POLICY, deadlineMs: 2_000 };

/**
 * `UPSTREAM=recorded` for a browser test file: every upstream of `server` is the replay server (the
 * upstreams carry what they replay, and of when, as recordedUpstreams() builds them), and the feed
 * is built from it before the file's tests, as the local server would build it. Call after useServer.
 */
export function useRecordedFeed(server: TestServer, now: Date): { built: () => BuildFeedReturnType } {
  let replay: ReplayServer | undefined;
  let built: BuildFeedReturnType | undefined;
  beforeAll(async () => {
    const fixtures = await loadFixtures();
    replay = await startReplayServer({ fixtures });
    const upstreams = { ...createUpstreams({ endpoints: replay.endpoints, policy: POLICY, env: {} }), recording: recordingOf(fixtures) };
    server.services.upstreams = upstreams;
    built = await buildFeed({ modules: MODULE_ENTRIES, store: server.services.feedStore, now: () => now, deadlineMs: 10 * POLICY.deadlineMs, upstreams });
    expect(built.written).toBe(true);
  });
  afterAll(async () => {
    await replay?.close();
  });
  return { built: () => built! };
}
