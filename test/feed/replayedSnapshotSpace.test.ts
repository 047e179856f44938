import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { buildFeed, type BuildFeedReturnType } from '../../shared/feed/buildFeed.js';
import { SNAPSHOT_PROPOSALS_QUERY } from '../../shared/governance/snapshot/readSnapshotProposals.js';
import { snapshotSource } from '../../shared/governance/snapshot/snapshotSource.js';
import { moduleEntry } from '../../shared/modules/loaders.js';
import type { ModuleEntry } from '../../shared/modules/types.js';
import type { FixtureFile } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { getChecked, useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';

/*
 * Issue #19: a Snapshot space's answer, from the hub's bytes to every answer. The one real hub
 * proposal recorded (test/fixtures/upstream/snapshot/ens-newest-proposal.json) is copied four
 * times with SYNTHETIC changes, as anyone who can post in a space could make them: `end` in year
 * 10000, `end` past what a Date holds, `end` of a type the hub schema does not have, and script
 * links. The replay server serves them to the real Snapshot reader of a registered module.
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const recording = JSON.parse(readFileSync(new URL('../fixtures/upstream/snapshot/ens-newest-proposal.json', import.meta.url), 'utf8')) as {
  exchanges: { response: { data: { proposals: Record<string, unknown>[] } } }[];
};
const real = recording.exchanges[0]!.response.data.proposals[0]!;
const HUB_ANSWER = [
  { ...real, id: '0xyear10000', end: Date.UTC(10000, 0, 1) / 1000 },
  { ...real, id: '0xbeyonddate', end: 1e13 },
  { ...real, id: '0xunreadable', end: 'next tuesday' },
  { ...real, id: '0xscripts', discussion: 'javascript:alert(1)', link: 'data:text/html,<script>alert(1)</script>' },
];
const FIXTURE: FixtureFile = {
  protocol: 'graphql',
  upstream: 'snapshot',
  description: 'SYNTHETIC: four copies of the recorded ens.eth hub proposal with hostile values, answered to the reader’s own query',
  source: { kind: 'published', references: ['test/fixtures/upstream/snapshot/ens-newest-proposal.json (the proposal copied)'], notes: 'ids, end, discussion and link changed by this test' },
  exchanges: [{ request: { operationName: 'SnapshotProposals', query: SNAPSHOT_PROPOSALS_QUERY, variables: { spaces: ['ens.eth'], first: 4 } }, response: { data: { proposals: HUB_ANSWER } } }],
};

/** A registered module whose one governance system is the real Snapshot reader of space ens.eth. */
const spaceModule = (): ModuleEntry => {
  const real = moduleEntry('aave');
  return { ...real, load: async () => ({ ...(await real.load()), source: { snapshot: snapshotSource({ protocol: 'aave', spaces: ['ens.eth'], first: 4 }) } }) };
};

let replay: ReplayServer;
let built: BuildFeedReturnType;
const server = useServer(() => testServices({ now: () => NOW }));
const byId = (id: string) => built.feed.proposals.find((proposal) => proposal.id === `aave-snapshot-${id}`) as FeedProposal;

beforeAll(async () => {
  replay = await startReplayServer({ fixtures: [FIXTURE] });
  const upstreams = createUpstreams({ endpoints: replay.endpoints, policy: TEST_POLICY, env: {} });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  built = await buildFeed({ modules: [spaceModule()], store: server.services.feedStore, now: () => NOW, deadlineMs: 10 * TEST_POLICY.deadlineMs, upstreams });
  vi.restoreAllMocks();
});
afterAll(() => replay?.close());

describe('a Snapshot space whose proposals carry hostile values', () => {
  it('stays ok: only the unreadable proposal is left out', () => {
    expect(replay.misses).toEqual([]);
    expect(built.outcomes).toEqual([expect.objectContaining({ source: 'aave/snapshot', ok: true, count: 3 })]);
    expect(built.feed.proposals.map((proposal) => proposal.id).sort()).toEqual(['aave-snapshot-0xbeyonddate', 'aave-snapshot-0xscripts', 'aave-snapshot-0xyear10000']);
  });

  it('drops the far-future ends and the script links, and names each', () => {
    expect(byId('0xyear10000').timeline).toEqual({ created: '2022-04-20T21:23:47Z', start: '2022-04-20T21:23:41Z' });
    expect(byId('0xbeyonddate').timeline.end).toBeUndefined();
    const scripts = byId('0xscripts');
    expect(scripts.discussionUrl).toBeUndefined();
    expect(JSON.stringify(scripts)).not.toMatch(/javascript:|data:text/);
    expect(built.feed.sources['aave/snapshot']!.message).toBe(
      'aave-snapshot-0xyear10000: timeline.end dropped (outside 1970..2199); aave-snapshot-0xbeyonddate: timeline.end dropped (outside 1970..2199)',
    );
  });

  it('is served by the feed and every detail within the contract', async () => {
    const feed = await getChecked<{ proposals: { id: string }[]; degraded: { module: string }[] }>(server, '/api/proposals?protocol=aave&includeSpam=true', '/api/proposals');
    expect(feed.response.status).toBe(200);
    expect(feed.body.proposals).toHaveLength(3);
    expect(feed.body.degraded.map((entry) => entry.module)).toEqual(['aave']);
    for (const proposal of feed.body.proposals) {
      const detail = await getChecked(server, `/api/proposals/${proposal.id}?includeSpam=true&view=compact`, '/api/proposals/{id}');
      expect(detail.response.status).toBe(200);
    }
  });
});
