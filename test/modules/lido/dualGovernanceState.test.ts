import { describe, expect, it } from 'vitest';
import { dualGovernanceEffectiveAt } from '../../../shared/modules/lido/dualGovernanceDates.js';
import type { DgTransition } from '../../../shared/modules/lido/types.js';
import { readDualGovernanceState } from '../../../shared/modules/lido/readDualGovernanceState.js';
import { verifyEthereumMainnet } from '../../../shared/upstream/clients/ethereumChain.js';
import { ethereumClient } from '../../../shared/upstream/clients/ethereumClient.js';
import type { Fault } from '../../../shared/upstream/replay/faults.js';
import { useReplay } from '../../upstream/replayHarness.js';

/*
 * Dual Governance's state changes and the date a waiting Lido vote can take effect. The reader runs
 * over real HTTP against the replay server, on a SYNTHETIC recording encoded with the contract's
 * event and Context (test/fixtures/upstream/ethereum/lido-dual-governance-states.json: signalling
 * activated 2025-11-16, six days before the head). The dates are worked by hand from
 * DualGovernanceStateMachine.canScheduleProposal and the mainnet durations (5 h active, 3 days of
 * deactivation, 5 h of cooldown, 45 days of signalling at most; 3 days after submission, 1 after scheduling).
 */
const replay = useReplay();
/** As readAragonVotes reads it: the chain checked, then the state and its window. */
const read = async (deadlineMs = 3_000) => {
  const client = ethereumClient(replay.upstreams({ deadlineMs }).ethereum, AbortSignal.timeout(10_000));
  await verifyEthereumMainnet(client);
  return readDualGovernanceState(client);
};

const DAY = 86_400;
const HOUR = 3_600;
const HEAD = Date.parse('2025-11-22T00:00:00Z') / 1000;
const ACTIVATED = HEAD - 6 * DAY;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');

describe('Dual Governance’s state changes on the recorded window', () => {
  it('reads the effective state and the newest transition, with when signalling was activated', async () => {
    expect(await read()).toEqual({
      state: 'VetoSignalling',
      lastTransition: { from: 'Normal', to: 'VetoSignalling', enteredAt: ACTIVATED, vetoSignallingActivatedAt: ACTIVATED, vetoSignallingReactivationTime: 0, transactionHash: `0x${'d2'.repeat(32)}` },
    });
  });

  it('dates a vote submitted before signalling began from the read: its earliest and latest in words', async () => {
    const { state, lastTransition } = await read();
    const submittedAt = HEAD - 7 * DAY;
    const dated = dualGovernanceEffectiveAt({ proposalId: 9, status: 'Submitted', submittedAt, scheduledAt: 0, state }, lastTransition, HEAD);
    // Deactivation can start now at the soonest (5 h after activation has passed), lasts 3 days, then the
    // cooldown schedules a proposal submitted before activation at once; executed 1 day later.
    expect(dated).toMatchObject({ effectiveAt: iso(HEAD + 4 * DAY), noticeSeconds: 11 * DAY });
    // Held longest: 45 days from activation, 3 of deactivation, then 1 after scheduling.
    expect(dated!.note).toBe(`Dual Governance has been in veto signalling since ${iso(ACTIVATED)}: the proposal can take effect from ${iso(HEAD + 4 * DAY)} at the earliest, and by ${iso(ACTIVATED + 49 * DAY)} if the veto holds its longest without a rage quit.`);
  });

  for (const fault of [{ kind: 'status', status: 503 }, { kind: 'malformed' }, { kind: 'hang' }] as Fault[]) {
    it(`rejects on ${fault.kind} (the feed keeps the votes' last good items)`, async () => {
      replay.server.faults.inject('ethereum', fault);
      await expect(read(300)).rejects.toThrow();
    });
  }

  it('refuses a wrong chain', async () => {
    replay.server.faults.inject('ethereum', { kind: 'wrongChain' });
    await expect(read(300)).rejects.toMatchObject({ code: 'upstream_wrong_chain' });
  });
});

describe('a waiting vote’s date in each Dual Governance state (pure)', () => {
  const submittedAt = 1_760_000_000;
  const vote = (state: DgTransition['to']) => ({ proposalId: 5, status: 'Submitted' as const, submittedAt, scheduledAt: 0, state });
  const entered = (to: DgTransition['to'], enteredAt: number, vetoSignallingActivatedAt: number, vetoSignallingReactivationTime = 0): DgTransition => ({ from: 'Normal', to, enteredAt, vetoSignallingActivatedAt, vetoSignallingReactivationTime });

  it('in Normal: submission + 3 days + 1 day, whatever the last transition', () => {
    expect(dualGovernanceEffectiveAt(vote('Normal'), entered('Normal', submittedAt - DAY, submittedAt - 20 * DAY), submittedAt)?.noticeSeconds).toBe(4 * DAY);
  });

  it('under signalling reactivated after the submission: 5 h from reactivation, 3 days, then the cooldown’s 5 h for a proposal submitted after activation', () => {
    const activated = submittedAt - DAY;
    const reactivated = submittedAt + DAY;
    const dated = dualGovernanceEffectiveAt(vote('VetoSignalling'), entered('VetoSignalling', reactivated, activated, reactivated), submittedAt + DAY);
    // Activated a day before the submission, so the cooldown does not schedule it: its 5 h pass first.
    expect(dated?.noticeSeconds).toBe(DAY + 5 * HOUR + 3 * DAY + 5 * HOUR + DAY);
  });

  it('in deactivation: its 3 days from entry, then scheduled in the cooldown (submitted before activation)', () => {
    const dated = dualGovernanceEffectiveAt(vote('VetoSignallingDeactivation'), entered('VetoSignallingDeactivation', submittedAt + 2 * DAY, submittedAt + HOUR), submittedAt + 2 * DAY);
    expect(dated?.noticeSeconds).toBe(2 * DAY + 3 * DAY + DAY);
    expect(dated?.note).toContain('the deactivation of veto signalling since');
  });

  it('in the cooldown: scheduled at once if submitted before activation, after the cooldown’s 5 h if not, never before 3 days after submission', () => {
    const before = dualGovernanceEffectiveAt(vote('VetoCooldown'), entered('VetoCooldown', submittedAt + 5 * DAY, submittedAt + HOUR), submittedAt + 5 * DAY);
    expect(before?.noticeSeconds).toBe(5 * DAY + DAY);
    const after = dualGovernanceEffectiveAt(vote('VetoCooldown'), entered('VetoCooldown', submittedAt + 5 * DAY, submittedAt - HOUR), submittedAt + 5 * DAY);
    expect(after?.noticeSeconds).toBe(5 * DAY + 5 * HOUR + DAY);
    const early = dualGovernanceEffectiveAt(vote('VetoCooldown'), entered('VetoCooldown', submittedAt + HOUR, submittedAt + HOUR / 2), submittedAt + HOUR);
    expect(early?.noticeSeconds).toBe(4 * DAY);
  });

  it('in a rage quit: gives no date, only a floor, and says so', () => {
    const dated = dualGovernanceEffectiveAt(vote('RageQuit'), entered('RageQuit', submittedAt + DAY, submittedAt - DAY), submittedAt + DAY);
    expect(dated?.note).toMatch(/rage quit since .*no date can be given; .* is a floor\.$/);
  });

  it('keeps the floor when the newest transition is not into the state read (the change is still pending)', () => {
    const dated = dualGovernanceEffectiveAt(vote('VetoSignalling'), entered('Normal', submittedAt - DAY, submittedAt - 30 * DAY), submittedAt);
    expect(dated).toMatchObject({ noticeSeconds: 4 * DAY });
    expect(dated?.note).toMatch(/^Dual Governance is in VetoSignalling: the proposal cannot be scheduled until it returns to Normal/);
  });
});
