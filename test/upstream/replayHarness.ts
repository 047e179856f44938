import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { EndpointUrls, UpstreamId } from '../../shared/upstream/endpoints.js';
import type { CallPolicy } from '../../shared/upstream/callPolicy.js';
import { type FixtureFile, loadFixtures } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams, type Upstreams } from '../../shared/upstream/upstreams.js';
import { recordingOf } from '../../shared/upstream/recording.js';

/**
 * Short deadlines and deterministic backoff, so fault tests take milliseconds and can be timed. A test
 * that waits on a deadline (a hang, a latency past it, a retry after a timeout) passes it explicitly:
 * `replay.upstreams(TEST_POLICY)`, since the harness's default is COUNTING_POLICY.
 */
export const TEST_POLICY: CallPolicy = { deadlineMs: 300, retries: 2, backoffBaseMs: 20, backoffMaxMs: 50, jitter: 0 };

/**
 * TEST_POLICY for tests that count requests, and the default of `useReplay().upstreams()`: 4 s per
 * attempt, so that on a loaded machine a replayed answer held past 300 ms is not retried and counted
 * twice (clean-clone runs saw `requests: 2, retries: 1`, and 7 for 3 on a loaded run of jito's
 * recorded exposure). A request the code adds still counts; a healthy read never waits on it.
 */
export const COUNTING_POLICY: CallPolicy = { ...TEST_POLICY, deadlineMs: 4_000 };
/**
 * A whole feed build's per-call policy: every source decodes at once on two cores, which can hold a
 * WebSocket handshake (xrpl) or an answer past TEST_POLICY's 300 ms though the replay server answered
 * at once; a fault still fails its sources (a hang at this deadline, then the source's).
 */
export const FEED_BUILD_POLICY: Partial<CallPolicy> = { deadlineMs: 1500 };

/**
 * The upstreams a whole recorded feed build runs on, as `UPSTREAM=recorded` gives them: the replay
 * server, FEED_BUILD_POLICY, and what is recorded of when (a change made without a vote then stays
 * 30 days from its recording's date, not from today: shared/feed/changedRecently.ts).
 */
export const recordedFeedUpstreams = (replay: Pick<Replay, 'upstreams' | 'fixtures'>): Upstreams => ({ ...replay.upstreams(FEED_BUILD_POLICY), recording: recordingOf(replay.fixtures) });

export interface Replay {
  server: ReplayServer;
  fixtures: FixtureFile[];
  /**
   * Fresh upstreams (and a fresh counter) on the replay server, any endpoint overridden; call per test.
   * `policy` overrides COUNTING_POLICY: a test that waits on a deadline passes TEST_POLICY (or its own).
   */
  upstreams(policy?: Partial<CallPolicy>, endpoints?: Partial<EndpointUrls>): Upstreams;
}

/**
 * Starts the replay server on the recordings of test/fixtures/upstream for the file's tests;
 * faults are cleared after each test, and no test may leave a request to a recorded upstream
 * unanswered unless it says so (`expectMisses`).
 */
export function useReplay(): Replay & { expectMisses(count: number): void } {
  let allowedMisses = 0;
  const replay = {
    server: undefined as unknown as ReplayServer,
    fixtures: [] as FixtureFile[],
    upstreams: (policy: Partial<CallPolicy> = {}, endpoints: Partial<EndpointUrls> = {}) =>
      createUpstreams({ endpoints: { ...replay.server.endpoints, ...endpoints }, policy: { ...COUNTING_POLICY, ...policy }, env: {} }),
    expectMisses: (count: number) => {
      allowedMisses = count;
    },
  };
  beforeAll(async () => {
    replay.fixtures = await loadFixtures();
    replay.server = await startReplayServer({ fixtures: replay.fixtures });
  });
  afterEach(async () => {
    replay.server.faults.clear();
    // A request sent beside one that failed may reach the server after the test has its answer:
    // wait for the misses the test expects, so they are counted here and never in the next test.
    if (allowedMisses > 0) {
      await vi.waitFor(() => expect(missesOnRecordedUpstreams(replay.server, replay.fixtures).length).toBeGreaterThanOrEqual(allowedMisses), { timeout: 2_000 }).catch(() => undefined);
    }
    const misses = missesOnRecordedUpstreams(replay.server, replay.fixtures);
    const expected = allowedMisses;
    // Reset before asserting: a failed check must fail its own test, not every later test of the file
    // (a loaded run left one extra cosmosRpc miss behind and failed the 19 tests after it).
    replay.server.misses.length = 0;
    allowedMisses = 0;
    expect(misses.length, JSON.stringify(misses)).toBe(expected);
  });
  afterAll(async () => {
    await replay.server?.close();
  });
  return replay;
}

/**
 * The server's misses on upstreams something is recorded for. A miss on an upstream with no
 * recording at all (test/fixtures/README.md lists them and why) is that documented gap, not a
 * request drifting from its recording.
 */
export function missesOnRecordedUpstreams(server: ReplayServer, fixtures: readonly FixtureFile[]): ReplayServer['misses'] {
  const recorded = new Set(fixtures.map((file) => file.upstream));
  return server.misses.filter((miss) => recorded.has(miss.upstream));
}

/**
 * An endpoint where nothing listens (the port vitest.config.ts points every default at): a
 * request to it fails at once, without reaching the replay server, so it is never a miss.
 */
export const CLOSED_ENDPOINT = 'http://127.0.0.1:9';

/** The recorded response of `upstream` whose request satisfies `match`. */
export function recorded<T = Record<string, unknown>>(fixtures: readonly FixtureFile[], upstream: string, match: (request: Record<string, unknown>) => boolean): T {
  for (const file of fixtures) {
    if (file.upstream !== upstream) continue;
    for (const exchange of file.exchanges) if (match(exchange.request as Record<string, unknown>)) return exchange.response as T;
  }
  throw new Error(`no recording of ${upstream} matches`);
}

/** Milliseconds `work` took, and its outcome. */
export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; result?: T; error?: unknown }> {
  const start = performance.now();
  try {
    const result = await work();
    return { ms: performance.now() - start, result };
  } catch (error) {
    return { ms: performance.now() - start, error };
  }
}

/**
 * Checks that `read` sends `expected` requests to `upstream` before any answer comes back, i.e. in
 * one wait: the server holds every answer, and a long deadline keeps retries out of the count.
 * `read` gets the upstreams and a signal, which ends it once the count is seen.
 */
export async function expectAllSentBeforeAnswers(
  replay: Replay,
  upstream: UpstreamId,
  expected: number,
  read: (upstreams: Upstreams, signal: AbortSignal) => Promise<unknown>,
  endpoints: Partial<EndpointUrls> = {},
): Promise<void> {
  replay.server.faults.inject(upstream, { kind: 'hang' });
  const upstreams = replay.upstreams({ deadlineMs: 10_000 }, endpoints);
  const before = replay.server.received[upstream];
  const controller = new AbortController();
  const reading = read(upstreams, controller.signal).catch((reason: unknown) => reason);
  await vi.waitFor(() => expect(replay.server.received[upstream] - before).toBe(expected), { timeout: 3000 });
  controller.abort(new Error('test over'));
  expect(await reading).toMatchObject({ message: 'test over' });
  expect(replay.server.received[upstream] - before).toBe(expected);
}
