import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { EXAMPLE_WALLETS } from '../../shared/api/exampleWallets.js';
import type { UpstreamId } from '../../shared/upstream/endpoints.js';
import type { Fault } from '../../shared/upstream/replay/faults.js';

import { testServices } from '../support/services.js';
import { getChecked, useServer } from '../support/server.js';
import { missesOnRecordedUpstreams, TEST_POLICY, useReplay } from '../upstream/replayHarness.js';

/*
 * The scan's fault suite (issue 12) on the example wallets, whose accounts are recorded: every fault
 * of the upstream their module reads. Each address kind has one module with recordings here, so a
 * failed exposure is every module of the kind failing: 502 upstream_unavailable, as the contract
 * says, never a 500 and never a 200 that claims nothing is held. A failed price is not a module:
 * the scan stays complete, with no USD value.
 */
const replay = useReplay();
// A fresh scan cache per test: a cached answer would hide the fault.
const server = useServer(() => testServices({ quota: 1_000_000 }));
// Scans whose exposure reads are healthy: a 10 s module deadline, not testServices' 500 ms, which a
// loaded machine can pass on a healthy read (nothing on this server hangs, so it costs no time).
const healthy = useServer(() => testServices({ quota: 1_000_000, config: { moduleDeadlineMs: 10_000 } }));
beforeEach(() => {
  // TEST_POLICY's short deadline: the hang (and xrpl's ignored malformed answer) wait it out.
  server.services.upstreams = replay.upstreams(TEST_POLICY);
  healthy.services.upstreams = replay.upstreams();
});

const READS: Record<string, UpstreamId> = { solana: 'solana', xrpl: 'xrpl' };
const FAULTS: [string, Fault][] = [
  ['status:503', { kind: 'status', status: 503 }],
  ['hang', { kind: 'hang' }],
  ['malformed', { kind: 'malformed' }],
  ['wrongChain', { kind: 'wrongChain' }],
];
const cases = EXAMPLE_WALLETS.filter((wallet) => READS[wallet.kind]).flatMap((wallet) => FAULTS.map(([name, fault]) => [wallet.kind, name, wallet.address, fault] as const));

describe('a scan of an example wallet under every fault of its upstream', () => {
  it.each(cases)('%s under %s answers 502 upstream_unavailable with the envelope', async (kind, _name, address, fault) => {
    replay.server.faults.inject(READS[kind]!, fault);
    const { response, body } = await getChecked<{ code: string }>(server, `/api/positions/${address}?protocol=${kind === 'solana' ? 'jito' : 'xrpl'}`, '/api/positions/{address}');
    replay.server.faults.clear();
    replay.expectMisses(missesOnRecordedUpstreams(replay.server, replay.fixtures).length);
    expect(response.status).toBe(502);
    expect(body.code).toBe('upstream_unavailable');
  });

  it.each(EXAMPLE_WALLETS.filter((wallet) => READS[wallet.kind]).map((wallet) => [wallet.kind, wallet.address] as const))('%s stays complete when the price endpoint fails, its positions then unvalued', async (_kind, address) => {
    replay.server.faults.inject('prices', { kind: 'status', status: 503 });
    const { response, body } = await getChecked<{ completeness: string; positions: { valueUsd?: number }[] }>(healthy, `/api/positions/${address}`, '/api/positions/{address}');
    replay.server.faults.clear();
    expect(response.status).toBe(200);
    expect(body.completeness).toBe('complete');
    expect(body.positions.every((position) => position.valueUsd === undefined)).toBe(true);
  });
});
