import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { compoundSource } from '../../../shared/modules/compound/source.js';
import { type FixtureFile, loadFixtures } from '../../../shared/upstream/replay/fixtureFormat.js';
import { type ReplayServer, startReplayServer } from '../../../shared/upstream/replay/replayServer.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { TEST_POLICY } from '../../upstream/replayHarness.js';

/*
 * The recorded Bravo proposals 139-141 (test/fixtures/upstream/ethereum/compound.md), with proposal
 * 140's creation block answered EMPTY, as eth_getLogs answers when today's votingDelay no longer
 * leads to the block of ProposalCreated (a delay changed after the proposal). In memory only.
 */
const BLOCK_140 = `0x${(16_171_998).toString(16)}`;
const NOW = new Date('2026-11-22T12:00:00Z');

/** The fixtures with the eth_getLogs at `block` answered by no log. Pure. */
function withoutLogAt(fixtures: readonly FixtureFile[], block: string): FixtureFile[] {
  return fixtures.map((file) =>
    file.protocol !== 'json-rpc'
      ? file
      : {
          ...file,
          exchanges: file.exchanges.map((exchange) => {
            const params = exchange.request.params as [{ fromBlock?: string }] | undefined;
            return exchange.request.method === 'eth_getLogs' && params?.[0]?.fromBlock === block ? { ...exchange, response: { ...exchange.response, result: [] } } : exchange;
          }),
        },
  );
}

describe('compound source when a proposal’s ProposalCreated is not at its computed block', () => {
  let complete: ReplayServer;
  let missing: ReplayServer;
  beforeAll(async () => {
    const fixtures = await loadFixtures();
    complete = await startReplayServer({ fixtures });
    missing = await startReplayServer({ fixtures: withoutLogAt(fixtures, BLOCK_140) });
  });
  afterAll(async () => {
    await Promise.all([complete?.close(), missing?.close()]);
  });

  const read = async (server: ReplayServer) => {
    const upstreams = createUpstreams({ endpoints: server.endpoints, policy: TEST_POLICY, env: {} });
    const proposals = await compoundSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams });
    expect(server.misses).toEqual([]);
    return { byId: new Map(proposals.map((proposal): [string, FeedProposal] => [proposal.id, proposal])), requests: upstreams.counter.snapshot().ethereum.requests };
  };

  it('still gives every proposal, the others unchanged, in the same three requests', async () => {
    const [before, after] = [await read(complete), await read(missing)];
    expect([...after.byId.keys()]).toEqual(['compound-bravo-141', 'compound-bravo-140', 'compound-bravo-139']);
    expect(after.byId.get('compound-bravo-141')).toEqual(before.byId.get('compound-bravo-141'));
    expect(after.byId.get('compound-bravo-139')).toEqual(before.byId.get('compound-bravo-139'));
    expect(after.requests).toBe(3);
  });

  it('keeps that proposal with what the governor’s getters give, and a fallback title', async () => {
    const [before, after] = [await read(complete), await read(missing)];
    const full = before.byId.get('compound-bravo-140')!;
    const bare = after.byId.get('compound-bravo-140')!;
    expect(bare).toMatchObject({ title: 'Compound proposal 140', description: '', changes: [], status: full.status, votes: full.votes, proposer: full.proposer, effectiveDate: full.effectiveDate });
    expect(bare.timeline).toEqual(full.timeline);
  });
});
