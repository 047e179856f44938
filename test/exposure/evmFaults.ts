import { expect, it } from 'vitest';
import type { Wallet } from '../../shared/address/types.js';
import type { ExposureComponent } from '../../shared/modules/types.js';
import type { Fault } from '../../shared/upstream/replay/faults.js';
import type { Upstreams } from '../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, TEST_POLICY, timed, type useReplay } from '../upstream/replayHarness.js';

/**
 * The fault cases every EVM exposure must reject on (the scan then reports the module as degraded):
 * 503 after retries, a hang past the deadline, a cut body, and an endpoint on another chain.
 */
export function itRejectsOnEthereumFaults(replay: ReturnType<typeof useReplay>, exposure: () => ExposureComponent, wallet: Wallet): void {
  const context = (upstreams: Upstreams, signal: AbortSignal = AbortSignal.timeout(5_000)) => ({ signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
  const faults: [string, Fault][] = [
    ['status:503', { kind: 'status', status: 503 }],
    ['hang', { kind: 'hang' }],
    ['malformed', { kind: 'malformed' }],
  ];
  it.each(faults)('rejects on Ethereum %s', async (_, fault) => {
    // A cut body is cut from the answer to the request, which the replay server then counts as unanswered.
    if (fault.kind === 'malformed') replay.expectMisses(1);
    replay.server.faults.inject('ethereum', fault);
    // TEST_POLICY's short deadline: the hang case waits it out on each attempt.
    const upstreams = replay.upstreams(TEST_POLICY);
    await expect(exposure().readPositions(wallet, context(upstreams))).rejects.toThrow();
    // The first round never succeeded, so no second round was attempted.
    expect(upstreams.counter.snapshot().ethereum.requests).toBe(fault.kind === 'malformed' ? 1 : TEST_POLICY.retries + 1);
  });

  it('rejects with upstream_wrong_chain when the endpoint serves another chain, whatever the call got', async () => {
    // The aggregate3 of round one has no recorded answer; the chain check decides first.
    replay.expectMisses(1);
    replay.server.faults.inject('ethereum', { kind: 'wrongChain' });
    await expect(exposure().readPositions(wallet, context(replay.upstreams()))).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });

  it('stops at once when the scan’s deadline passes, before the per-call deadline', async () => {
    replay.server.faults.inject('ethereum', { kind: 'hang' });
    // A per-call deadline of 4 s against the signal's 60 ms: stopping in under half of it is the
    // signal's doing, with room for a loaded machine (TEST_POLICY's 300 ms left 240 ms).
    const { ms, error } = await timed(() => exposure().readPositions(wallet, context(replay.upstreams(COUNTING_POLICY), AbortSignal.timeout(60))));
    expect(error).toBeDefined();
    expect(ms).toBeLessThan(COUNTING_POLICY.deadlineMs / 2);
  });
}
