import { isoFromUnixSeconds } from '../../governance/time.js';
import type { DgState } from './abi.js';
import type { AragonVote, DgTransition } from './types.js';

/**
 * The EmergencyProtectedTimelock's delays on mainnet, as declared (lidofinance/dual-governance
 * deploy-config/deploy-config-mainnet.toml: after_submit_delay 3 days, after_schedule_delay 1 day;
 * contracts/libraries/ExecutableProposals.sol schedule() and execute() enforce them). Declared
 * defaults, not a chain read: the Aragon source's recordings hold no timelock getter.
 */
export const DG_AFTER_SUBMIT_SECONDS = 3 * 24 * 3600;
export const DG_AFTER_SCHEDULE_SECONDS = 24 * 3600;

/**
 * The state machine's durations on mainnet, as declared in the same file @0d31f5b: veto signalling
 * lasts 5 to 45 days while the veto holds (veto_signalling_min/max_duration) and at least 5 hours
 * from its (re)activation in any case (veto_signalling_min_active_duration); its deactivation at
 * most 3 days; the cooldown 5 hours.
 */
const HOUR = 3600;
const DAY = 24 * HOUR;
export const DG_SIGNALLING_MIN_ACTIVE_SECONDS = 5 * HOUR;
export const DG_SIGNALLING_MAX_SECONDS = 45 * DAY;
export const DG_DEACTIVATION_MAX_SECONDS = 3 * DAY;
export const DG_COOLDOWN_SECONDS = 5 * HOUR;

const STATE_WORDS: Record<DgState, string> = {
  NotInitialized: 'not initialized',
  Normal: 'normal',
  VetoSignalling: 'veto signalling',
  VetoSignallingDeactivation: 'the deactivation of veto signalling',
  VetoCooldown: 'the veto cooldown',
  RageQuit: 'a rage quit',
};

interface Schedulable {
  /** The earliest the proposal can be scheduled, given the state as the transition left it. */
  earliest: number;
  /** The latest it can be scheduled if the veto holds but no rage quit begins (signalling only). */
  latest?: number;
  /** Whether no date can bound it (a rage quit lasts until its withdrawals finish). */
  unbounded?: boolean;
}

/**
 * When a submitted proposal can first be scheduled in the state a transition entered, by
 * DualGovernanceStateMachine.canScheduleProposal and DualGovernanceStateTransitions @0d31f5b: only
 * Normal schedules any proposal; VetoCooldown schedules those submitted before signalling was
 * activated. So under signalling the soonest way out is the veto falling away at once: 5 hours
 * active from its (re)activation, at most 3 days of deactivation, then the cooldown (or its end, for
 * a proposal submitted after activation). Pure.
 */
function schedulableFrom(submittedAt: number, t: DgTransition, now: number): Schedulable {
  const before = submittedAt <= t.vetoSignallingActivatedAt;
  const afterCooldown = (cooldownAt: number) => (before ? cooldownAt : cooldownAt + DG_COOLDOWN_SECONDS);
  switch (t.to) {
    case 'VetoSignalling': {
      const deactivation = Math.max(t.vetoSignallingActivatedAt, t.vetoSignallingReactivationTime) + DG_SIGNALLING_MIN_ACTIVE_SECONDS;
      return {
        earliest: afterCooldown(Math.max(deactivation, now) + DG_DEACTIVATION_MAX_SECONDS),
        latest: afterCooldown(t.vetoSignallingActivatedAt + DG_SIGNALLING_MAX_SECONDS + DG_DEACTIVATION_MAX_SECONDS),
      };
    }
    case 'VetoSignallingDeactivation':
      return { earliest: afterCooldown(t.enteredAt + DG_DEACTIVATION_MAX_SECONDS) };
    case 'VetoCooldown':
      return { earliest: before ? t.enteredAt : t.enteredAt + DG_COOLDOWN_SECONDS };
    case 'RageQuit':
      return { earliest: afterCooldown(now), unbounded: true };
    default:
      return { earliest: submittedAt };
  }
}

/**
 * When a vote's change can first take effect through Dual Governance: a submitted proposal can be
 * scheduled after_submit_delay after submission and executed after_schedule_delay after that; a
 * scheduled one after_schedule_delay after its scheduling. Outside Normal, scheduling waits on the
 * state machine: with the newest DualGovernanceStateChanged of the window (`transition`, when it
 * entered the effective state) the date is moved to the earliest the machine allows and the note
 * says, in words, since when and up to when the veto can hold it; without it, the timelock date is
 * stated as a floor. `now` is the build's clock (unix seconds): a state is never left in the past.
 * Undefined for a vote with no timelock proposal found, or one already executed or cancelled (the
 * timelock keeps no execution time). Pure.
 */
export function dualGovernanceEffectiveAt(
  dg: AragonVote['dualGovernance'],
  transition?: DgTransition,
  now = 0,
): { effectiveAt: string; noticeSeconds: number; note?: string } | undefined {
  if (!dg?.submittedAt) return undefined;
  const timelockAt =
    dg.status === 'Scheduled' && dg.scheduledAt ? dg.scheduledAt + DG_AFTER_SCHEDULE_SECONDS : dg.status === 'Submitted' ? dg.submittedAt + DG_AFTER_SUBMIT_SECONDS + DG_AFTER_SCHEDULE_SECONDS : undefined;
  if (timelockAt === undefined || !isoFromUnixSeconds(timelockAt)) return undefined;
  // Only Normal lets any submitted proposal be scheduled; in every other state the date above is a floor.
  const blocked = dg.status === 'Submitted' && dg.state !== undefined && dg.state !== 'Normal';
  if (!blocked) {
    const effectiveAt = isoFromUnixSeconds(timelockAt)!;
    return { effectiveAt, noticeSeconds: timelockAt - dg.submittedAt, note: `Its Dual Governance timelock lets it take effect from ${effectiveAt}.` };
  }
  // The transition speaks for the state only when it entered the state read now (a pending one has no event yet).
  if (!transition || transition.to !== dg.state) {
    const effectiveAt = isoFromUnixSeconds(timelockAt)!;
    return {
      effectiveAt,
      noticeSeconds: timelockAt - dg.submittedAt,
      note: `Dual Governance is in ${dg.state}: the proposal cannot be scheduled until it returns to Normal, so ${effectiveAt} is the earliest it can take effect (veto signalling lasts 5 to 45 days).`,
    };
  }
  const window = schedulableFrom(dg.submittedAt, transition, now);
  const at = Math.max(window.earliest, dg.submittedAt + DG_AFTER_SUBMIT_SECONDS) + DG_AFTER_SCHEDULE_SECONDS;
  const effectiveAt = isoFromUnixSeconds(at)!;
  const since = isoFromUnixSeconds(transition.to === 'VetoSignalling' ? transition.vetoSignallingActivatedAt : transition.enteredAt);
  const latest = window.latest !== undefined ? isoFromUnixSeconds(Math.max(window.latest, dg.submittedAt + DG_AFTER_SUBMIT_SECONDS) + DG_AFTER_SCHEDULE_SECONDS) : undefined;
  const note = window.unbounded
    ? `Dual Governance has been in a rage quit since ${since}: no proposal can be scheduled until stETH holders' withdrawals end (60 to 180 days and more), so no date can be given; ${effectiveAt} is a floor.`
    : `Dual Governance has been in ${STATE_WORDS[transition.to]} since ${since}: the proposal can take effect from ${effectiveAt} at the earliest${latest ? `, and by ${latest} if the veto holds its longest without a rage quit` : ''}.`;
  return { effectiveAt, noticeSeconds: at - dg.submittedAt, note };
}
