import { describe, expect, it } from 'vitest';
import { aaveSource } from '../../../shared/modules/aave/source.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { EVM_FAULTS, faultCases } from '../../support/faultCases.js';
import type { Upstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const context = (upstreams: Upstreams) => ({ signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
// TEST_POLICY's short deadline: a hanging gateway is waited out on each attempt.
const read = (upstreams = replay.upstreams({ ...TEST_POLICY, retries: 1 })) => aaveSource().readProposals(context(upstreams));

describe('the aave source under upstream faults', () => {
  faultCases({ replay, upstream: 'ethereum', read });
  // A cut text no longer hashes to the proposal's on-chain ipfsHash.
  faultCases({ replay, upstream: 'ipfs', read, faults: EVM_FAULTS.filter(([, fault]) => fault.kind === 'malformed') });
});

describe('the aave source when a gateway cannot serve a text', () => {
  it.each([
    ['status 503', { kind: 'status', status: 503 }],
    ['a hang', { kind: 'hang' }],
  ] as [string, Fault][])('keeps every proposal, without its text, on %s', async (_, fault) => {
    const withTexts = await read();
    replay.server.faults.inject('ipfs', fault);
    const withoutTexts = await read();
    expect(withoutTexts.map((proposal) => proposal.id)).toEqual(withTexts.map((proposal) => proposal.id));
    expect(withoutTexts.every((proposal) => proposal.description === '' && proposal.title === `Aave governance proposal ${proposal.id.split('-').at(-1)}`)).toBe(true);
    expect(withoutTexts.map((proposal) => proposal.status)).toEqual(withTexts.map((proposal) => proposal.status));
  });
});

describe('the aave source and its caller’s deadline', () => {
  it('stops at once when the signal fires, before the per-call deadline', async () => {
    replay.server.faults.inject('ethereum', { kind: 'hang' });
    const source = aaveSource();
    // A per-call deadline of 4 s against the signal's 100 ms: stopping in under half of it is the
    // signal's doing, with room for a loaded machine (TEST_POLICY's 300 ms left 200 ms).
    const upstreams = replay.upstreams(COUNTING_POLICY);
    const started = performance.now();
    await expect(source.readProposals({ signal: AbortSignal.timeout(100), now: new Date('2026-11-22T12:00:00Z'), upstreams })).rejects.toBeDefined();
    expect(performance.now() - started).toBeLessThan(COUNTING_POLICY.deadlineMs / 2);
  });
});
