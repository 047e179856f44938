import { describe, expect, it } from 'vitest';
import { lidoSource } from '../../../shared/modules/lido/lidoSource.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { TEST_POLICY, timed, useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2024-02-01T00:00:00Z');
const read = (options: { snapshot: boolean }) =>
  lidoSource(() => replay.upstreams({ retries: 0 }), options).readProposals({ signal: AbortSignal.timeout(5_000), now: NOW });

describe('lido source faults: it rejects, so the feed builder keeps the last good proposals', () => {
  it.each([
    ['status:503', { kind: 'status', status: 503 }],
    ['hang', { kind: 'hang' }],
    ['malformed', { kind: 'malformed' }],
    ['wrongChain', { kind: 'wrongChain' }],
  ] as [string, Fault][])('on Ethereum under %s', async (_, fault) => {
    replay.server.faults.inject('ethereum', fault);
    await expect(read({ snapshot: false })).rejects.toThrow();
  });

  it('stops at once when the caller’s deadline passes, before the per-call deadline', async () => {
    replay.server.faults.inject('ethereum', { kind: 'hang' });
    const source = lidoSource(() => replay.upstreams(), { snapshot: false });
    const { ms, error } = await timed(() => source.readProposals({ signal: AbortSignal.timeout(100), now: NOW }));
    expect(error).toBeDefined();
    expect(ms).toBeLessThan(TEST_POLICY.deadlineMs);
  });

  it('names the wrong chain', async () => {
    replay.server.faults.inject('ethereum', { kind: 'wrongChain' });
    await expect(read({ snapshot: false })).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('on Snapshot under status:503, even though the Aragon votes were read', async () => {
    replay.server.faults.inject('snapshot', { kind: 'status', status: 503 });
    await expect(read({ snapshot: true })).rejects.toMatchObject({ code: 'upstream_status' });
  });

  it('when the hub has no answer for lido-snapshot.eth (none is recorded: no real hub body was published)', async () => {
    replay.expectMisses(1);
    await expect(read({ snapshot: true })).rejects.toMatchObject({ code: 'upstream_status' });
  });
});
