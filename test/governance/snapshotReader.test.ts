import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSnapshotProposals } from '../../shared/governance/snapshot/readSnapshotProposals.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, TEST_POLICY, useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const recording = JSON.parse(readFileSync(new URL('../fixtures/upstream/snapshot/ens-newest-proposal.json', import.meta.url), 'utf8')) as {
  exchanges: { response: { data: { proposals: unknown[] } } }[];
};
const realAnswer = recording.exchanges[0]!.response;

/** A hub stand-in on the upstream's fetch: it keeps the request and answers with `body`. */
function hub(body: unknown) {
  const requests: { operationName?: string; query: string; variables: Record<string, unknown> }[] = [];
  const upstreams = createUpstreams({
    env: {},
    // Its tests count requests: COUNTING_POLICY, so a late answer on a loaded machine is not retried.
    policy: COUNTING_POLICY,
    fetch: async (_input, init) => {
      requests.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return { snapshot: upstreams.snapshot, counter: upstreams.counter, requests };
}

describe('readSnapshotProposals', () => {
  it('asks for every space in one space_in query, newest first', async () => {
    const { snapshot, requests, counter } = hub(realAnswer);
    await readSnapshotProposals(snapshot, { spaces: ['lido-snapshot.eth', 'aavedao.eth'], first: 10 });
    expect(requests).toHaveLength(1);
    expect(counter.snapshot().snapshot).toMatchObject({ requests: 1 });
    expect(requests[0]!.variables).toEqual({ spaces: ['lido-snapshot.eth', 'aavedao.eth'], first: 10 });
    expect(requests[0]!.query).toMatch(/where: \{ space_in: \$spaces \}/);
    expect(requests[0]!.query).toMatch(/orderBy: "created", orderDirection: desc/);
  });

  it('returns the hub proposals it is given (a real hub answer)', async () => {
    const { snapshot } = hub(realAnswer);
    const proposals = await readSnapshotProposals(snapshot, { spaces: ['ens.eth'], first: 1 });
    expect(proposals.map((proposal) => proposal.id)).toEqual(['0x718c496b04017fb82749b68570d12f32c839f59b9f9433df127f48bf99121eb7']);
  });

  it('rejects an answer without the hub shape instead of returning nothing', async () => {
    const { snapshot } = hub({ data: { proposals: [{ id: 1 }] } });
    await expect(readSnapshotProposals(snapshot, { spaces: ['ens.eth'], first: 1 })).rejects.toMatchObject({ code: 'upstream_malformed' });
  });

  it('rejects GraphQL errors (e.g. a limit broken)', async () => {
    const { snapshot } = hub({ errors: [{ message: 'argument first must not be greater than 1000' }] });
    await expect(readSnapshotProposals(snapshot, { spaces: ['ens.eth'], first: 5000 })).rejects.toMatchObject({ code: 'upstream_error' });
  });

  it.each([
    ['status:503', { kind: 'status', status: 503 } as const, 'upstream_status'],
    ['hang', { kind: 'hang' } as const, 'upstream_timeout'],
    ['malformed', { kind: 'malformed' } as const, 'upstream_malformed'],
  ])('rejects on the replay server under %s', async (_, fault, code) => {
    replay.server.faults.inject('snapshot', fault);
    // No hub answer for this query is recorded: the cut body under `malformed` is the replay's miss answer.
    if (fault.kind === 'malformed') replay.expectMisses(1);
    const upstreams = replay.upstreams({ ...TEST_POLICY, retries: 0 });
    await expect(readSnapshotProposals(upstreams.snapshot, { spaces: ['ens.eth'], first: 1 })).rejects.toMatchObject({ code });
  });
});
