import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { QueryProposalsResponse } from 'cosmjs-types/cosmos/gov/v1/query';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { moduleEntry } from '../../shared/modules/loaders.js';
import { type FixtureFile, loadFixtures } from '../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { getChecked, useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';

/*
 * Issue #19: the path from upstream bytes. The recorded Cosmos Hub proposals page
 * (test/fixtures/upstream/cosmosRpc/cosmoshub-gov.json, real values encoded as the node's
 * protobuf) is decoded, one proposal's voting_end_time moved, encoded again and replayed through
 * the replay server to the real cosmoshub source, feed builder and handlers. The mutation is
 * SYNTHETIC; everything else is the recording.
 */
const NOW = new Date('2026-11-22T12:00:00Z');
const YEAR_10000_S = BigInt(Date.UTC(10000, 0, 1) / 1000);
/** Past what a Date holds (8.64e15 ms): Date#toISOString threw, and the whole source failed on every build. */
const BEYOND_DATE_S = 10n ** 13n;

/** The recordings with the proposals page's proposal `id` ending at `seconds`. */
async function withVotingEnd(id: string, seconds: bigint): Promise<FixtureFile[]> {
  const fixtures = structuredClone(await loadFixtures());
  const file = fixtures.find((candidate) => candidate.upstream === 'cosmosRpc' && candidate.exchanges.some((exchange) => JSON.stringify(exchange.request).includes('/cosmos.gov.v1.Query/Proposals')))!;
  const exchange = file.exchanges.find((candidate) => JSON.stringify(candidate.request).includes('/cosmos.gov.v1.Query/Proposals'))! as unknown as { response: { result: { response: { value: string } } } };
  const page = QueryProposalsResponse.decode(fromBase64(exchange.response.result.response.value));
  const proposal = page.proposals.find((candidate) => candidate.id === BigInt(id))!;
  expect(proposal, `proposal ${id} is on the recorded page`).toBeDefined();
  proposal.votingEndTime = { seconds, nanos: 0 };
  exchange.response.result.response.value = toBase64(QueryProposalsResponse.encode(page).finish());
  return fixtures;
}

const replays: ReplayServer[] = [];
afterAll(() => Promise.all(replays.map((replay) => replay.close())));

const server = useServer(() => testServices({ now: () => NOW }));
afterEach(() => server.services.feedStore.write({ builtAt: NOW.toISOString(), sources: {}, proposals: [] }));

async function buildOn(fixtures: FixtureFile[]) {
  const replay = await startReplayServer({ fixtures });
  replays.push(replay);
  const upstreams = createUpstreams({ endpoints: replay.endpoints, policy: TEST_POLICY, env: {} });
  return buildFeed({ modules: [moduleEntry('cosmoshub')], store: server.services.feedStore, now: () => NOW, deadlineMs: 10 * TEST_POLICY.deadlineMs, upstreams });
}

describe('a replayed Cosmos Hub proposal whose voting ends far in the future', () => {
  it.each([
    ['in year 10000', YEAR_10000_S],
    ['past what a Date holds', BEYOND_DATE_S],
  ])('ends %s: the source stays ok, the proposal is served without that date, and every answer holds to the contract', async (_name, seconds) => {
    const built = await buildOn(await withVotingEnd('926', seconds));
    expect(built.outcomes).toEqual([expect.objectContaining({ source: 'cosmoshub/gov', ok: true, count: 4 })]);
    const proposal = built.feed.proposals.find((candidate) => candidate.id === 'cosmoshub-gov-926')!;
    expect(proposal.timeline.end).toBeUndefined();
    expect(proposal.timeline.start).toMatch(/^2024-/);
    expect(built.feed.sources['cosmoshub/gov']!.message).toBe('cosmoshub-gov-926: timeline.end dropped (outside 1970..2199)');

    const feed = await getChecked<{ proposals: { id: string }[]; degraded: { module: string; message: string }[] }>(server, '/api/proposals?protocol=cosmoshub&includeSpam=true', '/api/proposals');
    expect(feed.response.status).toBe(200);
    expect(feed.body.proposals.map((candidate) => candidate.id)).toContain('cosmoshub-gov-926');
    expect(feed.body.degraded).toEqual([{ module: 'cosmoshub', component: 'source', message: 'cosmoshub-gov-926: timeline.end dropped (outside 1970..2199)' }]);
    for (const query of ['?includeSpam=true', '?includeSpam=true&view=compact']) {
      const detail = await getChecked(server, `/api/proposals/cosmoshub-gov-926${query}`, '/api/proposals/{id}');
      expect(detail.response.status).toBe(200);
    }
  });

  it('only that proposal loses its date: the recording unchanged gives it', async () => {
    const built = await buildOn(await loadFixtures());
    expect(built.outcomes).toEqual([expect.objectContaining({ source: 'cosmoshub/gov', ok: true, count: 4 })]);
    expect(built.feed.proposals.find((candidate) => candidate.id === 'cosmoshub-gov-926')!.timeline.end).toMatch(/^2024-/);
    expect(built.feed.sources['cosmoshub/gov']!.message).toBeUndefined();
  });
});
