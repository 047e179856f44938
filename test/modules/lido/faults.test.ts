import { describe, expect, it } from 'vitest';
import { snapshotSource } from '../../../shared/governance/snapshot/snapshotSource.js';
import { LIDO_SNAPSHOT_SPACE, lidoAragonSource } from '../../../shared/modules/lido/source.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import type { Upstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, TEST_POLICY, timed, useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2024-02-01T00:00:00Z');
const context = (upstreams: Upstreams) => ({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
// TEST_POLICY's short deadline: the hang cases wait it out.
const readAragon = () => lidoAragonSource().readProposals(context(replay.upstreams({ ...TEST_POLICY, retries: 0 })));
const readSnapshot = () => snapshotSource({ protocol: 'lido', spaces: [LIDO_SNAPSHOT_SPACE] }).readProposals(context(replay.upstreams({ ...TEST_POLICY, retries: 0 })));

describe('lido source faults: it rejects, so the feed builder keeps the last good proposals', () => {
  it.each([
    ['status:503', { kind: 'status', status: 503 }],
    ['hang', { kind: 'hang' }],
    ['malformed', { kind: 'malformed' }],
    ['wrongChain', { kind: 'wrongChain' }],
  ] as [string, Fault][])('on Ethereum under %s', async (_, fault) => {
    replay.server.faults.inject('ethereum', fault);
    await expect(readAragon()).rejects.toThrow();
  });

  it('stops at once when the caller’s deadline passes, before the per-call deadline', async () => {
    replay.server.faults.inject('ethereum', { kind: 'hang' });
    const source = lidoAragonSource();
    // A per-call deadline of 4 s against the signal's 100 ms: stopping in under half of it is the
    // signal's doing, with room for a loaded machine (TEST_POLICY's 300 ms left 200 ms).
    const upstreams = replay.upstreams(COUNTING_POLICY);
    const { ms, error } = await timed(() => source.readProposals({ signal: AbortSignal.timeout(100), now: NOW, upstreams }));
    expect(error).toBeDefined();
    expect(ms).toBeLessThan(COUNTING_POLICY.deadlineMs / 2);
  });

  it('names the wrong chain', async () => {
    replay.server.faults.inject('ethereum', { kind: 'wrongChain' });
    await expect(readAragon()).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('on Snapshot under status:503 (the Aragon votes are a system of their own, read apart)', async () => {
    replay.server.faults.inject('snapshot', { kind: 'status', status: 503 });
    await expect(readSnapshot()).rejects.toMatchObject({ code: 'upstream_status' });
  });

  it('when the hub has no answer for lido-snapshot.eth (none is recorded: no real hub body was published)', async () => {
    replay.expectMisses(1);
    await expect(readSnapshot()).rejects.toMatchObject({ code: 'upstream_status' });
  });
});
