import { describe, expect, it } from 'vitest';
import { Proposal } from '../../shared/contract/proposal.js';
import { mechanismOf } from '../../shared/domain/proposal.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { renderProposal } from '../../shared/proposals/render.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { recordingOf } from '../../shared/upstream/recording.js';
import { missesOnRecordedUpstreams, useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

/** The feed UPSTREAM=recorded builds for Aave, Spark and Morpho, with the recording its upstreams carry. */
async function recordedFeed() {
  const upstreams = { ...replay.upstreams({ deadlineMs: 3_000 }), recording: recordingOf(replay.fixtures) };
  const modules = MODULE_ENTRIES.filter((entry) => ['aave', 'spark', 'morpho'].includes(entry.slug));
  const { feed } = await buildFeed({ modules, store: new MemoryFeedStore(), now: () => NOW, deadlineMs: 20_000, upstreams });
  // The Snapshot spaces and payload chains these modules read are unrecorded (recordedFeed.test.ts says which).
  replay.expectMisses(missesOnRecordedUpstreams(replay.server, replay.fixtures).length);
  return feed;
}

describe('the recorded feed’s changes made without a vote (Aave, Spark, Morpho)', () => {
  it('holds a steward, a risk-oracle, a guardian and a timelock item, each verified from its event with its notice', async () => {
    const feed = await recordedFeed();
    const of = (protocol: string, mechanism: string) => feed.proposals.filter((proposal) => proposal.protocol === protocol && mechanismOf(proposal) === mechanism);
    for (const source of ['aave/stewards', 'spark/automator', 'morpho/ethvaults']) expect(feed.sources[source]).toMatchObject({ ok: true });
    // Ethereum's v3 stewards (the v4 stewards' items, aave-v4stewards-…, have a test of their own).
    expect(of('aave', 'steward').filter((proposal) => proposal.id.startsWith('aave-stewards-'))).toEqual([expect.objectContaining({ status: 'executed', noticeSeconds: 0 })]);
    expect(of('aave', 'riskOracle').filter((proposal) => proposal.id.startsWith('aave-stewards-')).map((proposal) => [proposal.status, proposal.noticeSeconds])).toEqual([['executed', 180], ['pending', undefined]]);
    // Optimism's Edge caps injector (test/fixtures/upstream/optimism/aave-stewards.json).
    expect(of('aave', 'riskOracle').filter((proposal) => proposal.id.startsWith('aave-opstewards-')).map((proposal) => [proposal.status, proposal.noticeSeconds])).toEqual([['executed', 120]]);
    expect(of('aave', 'guardian')).toEqual([expect.objectContaining({ status: 'executed', noticeSeconds: 0 })]);
    expect(of('spark', 'steward')).toHaveLength(1);
    expect(of('spark', 'guardian')).toHaveLength(1);
    expect(of('morpho', 'timelock').find((proposal) => proposal.status === 'passed')).toMatchObject({ noticeSeconds: 86_400 });
    const items = feed.proposals.filter((proposal) => mechanismOf(proposal) !== 'vote');
    for (const proposal of items) {
      expect(proposal.changes.length, proposal.id).toBeGreaterThan(0);
      for (const change of proposal.changes) expect(change.verified, `${proposal.id} ${change.parameter}`).toBe(true);
      expect(Proposal.safeParse(renderProposal({ proposal }, 'full')).success, proposal.id).toBe(true);
    }
  });
});
