import { describe, expect, it, vi } from 'vitest';
import { resolveEnsName } from '../../shared/ens/resolveEnsName.js';
import { testServices } from '../support/services.js';
import { useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const VITALIK = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('ens lookups', () => {
  it('makes one Ethereum call for concurrent lookups of the same name', async () => {
    // The recorded answer comes late, so the five lookups overlap.
    replay.server.faults.inject('ethereum', { kind: 'latency', ms: 150 });
    // Each attempt may take the whole latency: the lookup must not retry while the others wait.
    const services = testServices({ upstreams: replay.upstreams({ deadlineMs: 5_000 }), config: { moduleDeadlineMs: 15_000 } });
    const before = replay.server.received.ethereum;
    const addresses = await Promise.all(Array.from({ length: 5 }, () => resolveEnsName('vitalik.eth', services)));
    expect(addresses).toEqual(Array(5).fill(VITALIK));
    expect(replay.server.received.ethereum - before).toBe(1);
  });

  it('looks a name up again once a failed lookup has ended', async () => {
    replay.server.faults.inject('ethereum', { kind: 'status', status: 503 }, 1);
    const services = testServices({ upstreams: replay.upstreams({ retries: 0 }), config: { moduleDeadlineMs: 15_000 } });
    await expect(resolveEnsName('vitalik.eth', services)).rejects.toMatchObject({ code: 'upstream_unavailable' });
    expect(await resolveEnsName('vitalik.eth', services)).toBe(VITALIK);
  });

  it('stops sending at its deadline: no retry goes out after the caller has its error', async () => {
    // Attempts of 100 ms with five retries would go on for about 700 ms; the lookup's deadline is 250.
    const services = testServices({ upstreams: replay.upstreams({ deadlineMs: 100, retries: 5, backoffBaseMs: 20, backoffMaxMs: 20 }), config: { moduleDeadlineMs: 250 } });
    // One lookup first, so that loading viem is not what the deadline measures.
    await vi.waitFor(() => expect(resolveEnsName('vitalik.eth', services)).resolves.toBe(VITALIK), { timeout: 20_000, interval: 10 });
    replay.server.faults.inject('ethereum', { kind: 'hang' });
    const before = replay.server.received.ethereum;
    const countedBefore = services.upstreams.counter.snapshot().ethereum.requests;
    await expect(resolveEnsName('nick.eth', services)).rejects.toMatchObject({ code: 'upstream_unavailable' });
    // Counted where they are sent: a request already on the wire may reach the server just after the error.
    const sentByDeadline = services.upstreams.counter.snapshot().ethereum.requests - countedBefore;
    expect(sentByDeadline).toBeGreaterThanOrEqual(1);
    expect(sentByDeadline).toBeLessThanOrEqual(3);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(services.upstreams.counter.snapshot().ethereum.requests - countedBefore).toBe(sentByDeadline);
    expect(replay.server.received.ethereum - before).toBe(sentByDeadline);
  });
});
