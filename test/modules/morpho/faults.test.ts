import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { snapshotSource } from '../../../shared/governance/snapshot/snapshotSource.js';
import { morphoBlueAbi, vaultAbi } from '../../../shared/modules/morpho/abi.js';
import { BASE, ETHEREUM } from '../../../shared/modules/morpho/deployment.js';
import { MORPHO_SNAPSHOT_SPACES } from '../../../shared/modules/morpho/index.js';
import { vaultSource } from '../../../shared/modules/morpho/vaultSource.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { COUNTING_POLICY, TEST_POLICY, useReplay } from '../../upstream/replayHarness.js';
import { faultCases, HTTP_FAULTS, upstreamCodeOf as codeOf } from '../../support/faultCases.js';
import { fakeEvmNode } from '../../support/fakeEvmNode.js';
import { sparkDaiState } from './sparkDaiScenario.js';

const replay = useReplay();
const context = (signal: AbortSignal = AbortSignal.timeout(5_000)) => ({ signal, now: new Date('2026-11-22T12:00:00Z') });

const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (reason: unknown) => reason,
  );

describe('the Ethereum vault source under faults of its recorded upstream', () => {
  faultCases({ replay, upstream: 'ethereum', read: (upstreams) => vaultSource(ETHEREUM).readProposals({ ...context(), upstreams }) });

  it('rejects when a later round fails, never giving a partial list', async () => {
    // Round one and the logs are answered from the recording; the head's market reads then get a 503.
    let calls = 0;
    const flaky = createUpstreams({
      endpoints: replay.server.endpoints,
      // Counts its calls: COUNTING_POLICY's deadline, so a late answer on a loaded machine is not a timeout.
      policy: { ...COUNTING_POLICY, retries: 0 },
      env: {},
      fetch: (input, init) => (++calls >= 3 ? Promise.resolve(new Response('busy', { status: 503 })) : fetch(input, init)),
    });
    expect(codeOf(await failure(vaultSource(ETHEREUM).readProposals({ ...context(), upstreams: flaky })))).toBe('upstream_status');
    expect(calls).toBe(3);
  });

  it('stops at once when the feed build’s deadline passes, before the per-call deadline', async () => {
    replay.server.faults.inject('ethereum', { kind: 'hang' });
    // A per-call deadline of 4 s against the signal's 60 ms: stopping in under half of it is the
    // signal's doing, with room for a loaded machine (TEST_POLICY's 300 ms left 240 ms).
    const started = performance.now();
    await expect(vaultSource(ETHEREUM).readProposals({ ...context(AbortSignal.timeout(60)), upstreams: replay.upstreams(COUNTING_POLICY) })).rejects.toBeDefined();
    expect(performance.now() - started).toBeLessThan(COUNTING_POLICY.deadlineMs / 2);
  });
});

describe('the Base vault source under faults (Base has no recording: its answers come from the fault or an in-memory node)', () => {
  // A cut body and another chain need an answer to cut or rewrite: the two tests below serve them.
  faultCases({ replay, upstream: 'base', read: (upstreams) => vaultSource(BASE).readProposals({ ...context(), upstreams }), faults: HTTP_FAULTS });

  it('rejects an answer that is not JSON', async () => {
    const upstreams = createUpstreams({ endpoints: { base: 'http://base.invalid' }, policy: TEST_POLICY, env: {}, fetch: async () => new Response('{"jsonrpc":"2.0","res', { status: 200 }) });
    expect(codeOf(await failure(vaultSource(BASE).readProposals({ ...context(), upstreams })))).toBe('upstream_malformed');
  });

  it('rejects with upstream_wrong_chain when the base endpoint serves Ethereum', async () => {
    // An Ethereum node behind the base URL: every answer is well-formed, the chain id is 0x1.
    const node = fakeEvmNode([vaultAbi, morphoBlueAbi] as unknown as Abi[], sparkDaiState);
    const upstreams = createUpstreams({ endpoints: { base: 'http://base.invalid' }, policy: TEST_POLICY, env: {}, fetch: node.fetch });
    expect(codeOf(await failure(vaultSource(BASE).readProposals({ ...context(), upstreams })))).toBe('upstream_wrong_chain');
  });
});

describe('the morpho.eth Snapshot source under faults', () => {
  faultCases({ replay, upstream: 'snapshot', read: (upstreams) => snapshotSource({ protocol: 'morpho', spaces: MORPHO_SNAPSHOT_SPACES }).readProposals({ ...context(), upstreams }), faults: HTTP_FAULTS });
});
