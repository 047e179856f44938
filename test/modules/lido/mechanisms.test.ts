import { describe, expect, it } from 'vitest';
import { Proposal } from '../../../shared/contract/proposal.js';
import { dualGovernanceEffectiveAt } from '../../../shared/modules/lido/dualGovernanceDates.js';
import { lidoEasyTrackSource } from '../../../shared/modules/lido/easyTrack/easyTrackSource.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
const read = () => lidoEasyTrackSource().readProposals({ signal: AbortSignal.timeout(5_000), now: NOW, upstreams: replay.upstreams() });

describe('Lido Easy Track on the recorded window', () => {
  it('shows a live motion pending until its objection deadline, its stVault fees decoded from the EVMScript', async () => {
    const items = await read();
    const live = items.find((item) => item.id === 'lido-easytrack-812')!;
    expect(live).toMatchObject({ mechanism: 'motion', status: 'pending', noticeSeconds: 259_200, timeline: { end: '2025-11-24T00:00:00Z', effectiveAt: '2025-11-24T00:00:00Z' }, votes: { against: 0 } });
    expect(live.changes.map((change) => [change.market, change.parameter, change.to, change.verified])).toEqual([
      ['stVault 0x1234567890abcdef1234567890abcdef12345678', 'vaultInfraFee', 0.01, true],
      ['stVault 0x1234567890abcdef1234567890abcdef12345678', 'vaultLiquidityFee', 0.065, true],
      ['stVault 0x1234567890abcdef1234567890abcdef12345678', 'vaultReservationFee', 0, true],
    ]);
    expect(live.summary).toContain('0.5 % of the LDO supply');
    for (const item of items) expect(Proposal.safeParse(renderProposal({ proposal: item }, 'full')).success).toBe(true);
  });

  it('shows an enacted motion executed at its block time, its notice the time from creation to enactment', async () => {
    const enacted = (await read()).find((item) => item.id === 'lido-easytrack-811')!;
    expect(enacted).toMatchObject({ mechanism: 'motion', status: 'executed', timeline: { effectiveAt: '2025-11-17T00:10:00Z' }, noticeSeconds: 3 * 86_400 + 600 });
  });

  for (const fault of [{ kind: 'status', status: 503 }, { kind: 'malformed' }, { kind: 'hang' }] as Fault[]) {
    it(`rejects on ${fault.kind} (the feed keeps its last good items)`, async () => {
      replay.server.faults.inject('ethereum', fault);
      await expect(read()).rejects.toThrow();
    });
  }
  it('refuses a wrong chain', async () => {
    replay.server.faults.inject('ethereum', { kind: 'wrongChain' });
    await expect(read()).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });
});

describe('a DAO vote’s date through Dual Governance', () => {
  const submittedAt = 1_760_000_000;
  it('is its submission plus the after-submit and after-schedule delays while submitted', () => {
    expect(dualGovernanceEffectiveAt({ proposalId: 5, status: 'Submitted', submittedAt, scheduledAt: 0 })).toEqual({ effectiveAt: new Date((submittedAt + 4 * 86_400) * 1000).toISOString().replace('.000Z', 'Z'), noticeSeconds: 4 * 86_400 });
  });
  it('is its scheduling plus the after-schedule delay once scheduled (later than submission allows under veto signalling)', () => {
    const scheduledAt = submittedAt + 10 * 86_400;
    expect(dualGovernanceEffectiveAt({ proposalId: 5, status: 'Scheduled', submittedAt, scheduledAt })?.noticeSeconds).toBe(11 * 86_400);
  });
  it('states none for an executed or cancelled proposal, or a vote with none', () => {
    expect(dualGovernanceEffectiveAt({ proposalId: 5, status: 'Executed', submittedAt, scheduledAt: submittedAt + 3 * 86_400 })).toBeUndefined();
    expect(dualGovernanceEffectiveAt(undefined)).toBeUndefined();
  });
});
