import { describe, expect, it } from 'vitest';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { mechanismOf } from '../../shared/domain/proposal.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { recordingOf } from '../../shared/upstream/recording.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { missesOnRecordedUpstreams, useReplay } from '../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

/** The feed UPSTREAM=recorded builds, with the recording its upstreams carry (as recordedUpstreams() sets it). */
async function recordedFeed() {
  // A generous per-call deadline: this file checks what the feed holds, not how fast (faults are the module tests').
  const upstreams = { ...replay.upstreams({ deadlineMs: 3_000 }), recording: recordingOf(replay.fixtures) };
  const { feed } = await buildFeed({ modules: MODULE_ENTRIES.filter((entry) => entry.slug === 'compound' || entry.slug === 'lido'), store: new MemoryFeedStore(), now: () => NOW, deadlineMs: 20_000, upstreams });
  replay.expectMisses(missesOnRecordedUpstreams(replay.server, replay.fixtures).length);
  return feed;
}

describe('the recorded feed’s changes made without a vote (Compound, Lido)', () => {
  it('holds a Compound pause, a pending Compound market-admin change and a pending Easy Track motion, each with its notice', async () => {
    const feed = await recordedFeed();
    const of = (protocol: string, mechanism: string) => feed.proposals.filter((proposal) => proposal.protocol === protocol && mechanismOf(proposal) === mechanism);
    // Ethereum's two and Optimism's Comet pause (the other L2s' have no recording).
    expect(of('compound', 'guardian').map((proposal) => proposal.id)).toEqual(['compound-guardian-16230000-41', 'compound-guardian-16240000-7', 'compound-guardian-optimism-142870400-5']);
    expect(of('compound', 'timelock').find((proposal) => proposal.status === 'pending')).toMatchObject({ noticeSeconds: 172_800, changes: [expect.objectContaining({ parameter: 'supplyCap', verified: true })] });
    expect(of('lido', 'motion').find((proposal) => proposal.status === 'pending')).toMatchObject({ noticeSeconds: 259_200, changes: expect.arrayContaining([expect.objectContaining({ parameter: 'vaultLiquidityFee', to: 0.065 })]) });
    for (const source of ['compound/guardian', 'compound/marketupdates', 'compound/optimismguardian', 'lido/easytrack']) expect(feed.sources[source]).toMatchObject({ ok: true });
  });

  it('counts a recorded pause’s 30 days from the recording’s date, not today’s: a build dated today would have dropped it', async () => {
    const feed = await recordedFeed();
    const pause = feed.proposals.find((proposal) => proposal.id === 'compound-guardian-16230000-41')!;
    expect(NOW.getTime() - Date.parse(pause.timeline.effectiveAt!)).toBeGreaterThan(30 * 86_400_000);
  });
});
