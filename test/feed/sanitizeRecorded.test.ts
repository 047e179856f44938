import { describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { sanitizeProposal } from '../../shared/feed/sanitize/sanitizeProposal.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { missesOnRecordedUpstreams, useReplay } from '../upstream/replayHarness.js';

/*
 * The feed's ingestion (shared/feed/sanitize/) takes out only what the contract cannot carry: every
 * proposal the recorded upstreams give, read by the modules' own sources, comes out of it unchanged,
 * with nothing to report. Bounds that cut a real title or body, or a date range that drops a real
 * date, would fail here.
 */
const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');

describe('the sanitizer on the recorded proposals', () => {
  it('changes none of them and notes nothing', async () => {
    const upstreams = replay.upstreams({ deadlineMs: 5_000 });
    const read: FeedProposal[] = [];
    for (const entry of MODULE_ENTRIES) {
      for (const reader of Object.values((await entry.load()).source)) {
        // The unrecorded systems (Jito, the Snapshot spaces) fail; recordedFeed.test.ts checks which.
        read.push(...(await reader.readProposals({ signal: AbortSignal.timeout(20_000), now: NOW, upstreams }).catch(() => [])));
      }
    }
    replay.expectMisses(missesOnRecordedUpstreams(replay.server, replay.fixtures).length);
    expect(read.length).toBeGreaterThanOrEqual(30);
    for (const proposal of read) expect(sanitizeProposal(proposal, NOW.toISOString()), proposal.id).toEqual({ proposal, notes: [] });
  }, 60_000);
});
