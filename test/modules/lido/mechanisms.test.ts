import { encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RecentLog } from '../../../shared/governance/readLogsToHead.js';
import { EASY_TRACK, vaultHubAdapterAbi } from '../../../shared/modules/lido/easyTrack/abi.js';
import { normalizeMotions } from '../../../shared/modules/lido/easyTrack/normalizeMotions.js';
import { vaultChangesOf } from '../../../shared/modules/lido/easyTrack/vaultChanges.js';
import { Proposal } from '../../../shared/contract/proposal.js';
import { dualGovernanceEffectiveAt } from '../../../shared/modules/lido/dualGovernanceDates.js';
import { lidoEasyTrackSource } from '../../../shared/modules/lido/easyTrack/easyTrackSource.js';
import { renderProposal } from '../../../shared/proposals/render.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { useReplay } from '../../upstream/replayHarness.js';

const replay = useReplay();
const NOW = new Date('2026-11-22T12:00:00Z');
/** Decoding reads get a generous per-call deadline (the machine is shared; speed is the bench's); fault reads keep the harness's 300 ms. */
const read = (deadlineMs = 3_000) => lidoEasyTrackSource().readProposals({ signal: AbortSignal.timeout(10_000), now: NOW, upstreams: replay.upstreams({ deadlineMs }) });

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
      await expect(read(300)).rejects.toThrow();
    });
  }
  it('refuses a wrong chain', async () => {
    replay.server.faults.inject('ethereum', { kind: 'wrongChain' });
    await expect(read(300)).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });
});

describe('a DAO vote’s date through Dual Governance', () => {
  const submittedAt = 1_760_000_000;
  it('is its submission plus the after-submit and after-schedule delays while submitted', () => {
    expect(dualGovernanceEffectiveAt({ proposalId: 5, status: 'Submitted', submittedAt, scheduledAt: 0 })).toMatchObject({ effectiveAt: new Date((submittedAt + 4 * 86_400) * 1000).toISOString().replace('.000Z', 'Z'), noticeSeconds: 4 * 86_400 });
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

describe('an Easy Track motion’s end (pure)', () => {
  const at = (eventName: string, args: Record<string, unknown>, blockTime: number): RecentLog => ({ address: EASY_TRACK, eventName, args, blockNumber: BigInt(blockTime), logIndex: 0, blockTime });
  const created = at('MotionCreated', { _motionId: 9n, _creator: '0x0000000000000000000000000000000000000002', _evmScriptFactory: '0x0000000000000000000000000000000000000003', _evmScriptCallData: '0x', _evmScript: '0x00000001' }, 1_700_000_000);

  it('is canceled when objections reject it, or its creator cancels it', () => {
    expect(normalizeMotions([created, at('MotionRejected', { _motionId: 9n }, 1_700_100_000)], [])[0]).toMatchObject({ status: 'canceled', mechanism: 'motion' });
    expect(normalizeMotions([created, at('MotionCanceled', { _motionId: 9n }, 1_700_100_000)], [])[0]!.summary).toContain('canceled');
  });

  it('states no change for a script it cannot read, and never invents one', () => {
    const [item] = normalizeMotions([{ ...created, args: { ...created.args, _evmScript: '0x00000002' } }, at('MotionEnacted', { _motionId: 9n }, 1_700_300_000)], []);
    expect(item).toMatchObject({ status: 'executed', changes: [], noticeSeconds: 300_000 });
  });

  it('decodes a share limit update of the VaultHubAdapter into stETH shares', () => {
    const calldata = encodeFunctionData({ abi: vaultHubAdapterAbi, functionName: 'updateShareLimit', args: ['0x1234567890abcdef1234567890abcdef12345678', 5_000n * 10n ** 18n] });
    expect(vaultChangesOf([{ target: '0x0000000000000000000000000000000000000004', calldata }], 'test')).toEqual([
      expect.objectContaining({ market: 'stVault 0x1234567890abcdef1234567890abcdef12345678', parameter: 'vaultShareLimit', to: 5_000, unit: 'tokens', verified: true }),
    ]);
  });
});

describe('a DAO vote under veto signalling', () => {
  it('states its timelock date as the earliest, and says why it may come later', () => {
    const dated = dualGovernanceEffectiveAt({ proposalId: 5, status: 'Submitted', submittedAt: 1_760_000_000, scheduledAt: 0, state: 'VetoSignalling' });
    expect(dated?.noticeSeconds).toBe(4 * 86_400);
    expect(dated?.note).toMatch(/VetoSignalling: the proposal cannot be scheduled until it returns to Normal/);
    expect(dualGovernanceEffectiveAt({ proposalId: 5, status: 'Submitted', submittedAt: 1_760_000_000, scheduledAt: 0, state: 'Normal' })?.note).toMatch(/^Its Dual Governance timelock lets it take effect from /);
  });
});
