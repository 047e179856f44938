import { isoFromUnixSeconds } from '../../governance/time.js';
import type { AragonVote } from './types.js';

/**
 * The EmergencyProtectedTimelock's delays on mainnet, as declared (lidofinance/dual-governance
 * deploy-config/deploy-config-mainnet.toml: after_submit_delay 3 days, after_schedule_delay 1 day;
 * contracts/libraries/ExecutableProposals.sol schedule() and execute() enforce them). Declared
 * defaults, not a chain read: the Aragon source's recordings hold no timelock getter.
 */
export const DG_AFTER_SUBMIT_SECONDS = 3 * 24 * 3600;
export const DG_AFTER_SCHEDULE_SECONDS = 24 * 3600;

/**
 * When a vote's change can first take effect through Dual Governance: a submitted proposal can be
 * scheduled after_submit_delay after submission and executed after_schedule_delay after that; a
 * scheduled one after_schedule_delay after its scheduling. Veto signalling blocks scheduling, so the
 * real date can only be later (5 to 45 days under signalling): `note` says which, in words. Undefined for a vote with no timelock
 * proposal found, or one already executed or cancelled (the timelock keeps no execution time). Pure.
 */
export function dualGovernanceEffectiveAt(dg: AragonVote['dualGovernance']): { effectiveAt: string; noticeSeconds: number; note?: string } | undefined {
  if (!dg?.submittedAt) return undefined;
  const at =
    dg.status === 'Scheduled' && dg.scheduledAt ? dg.scheduledAt + DG_AFTER_SCHEDULE_SECONDS : dg.status === 'Submitted' ? dg.submittedAt + DG_AFTER_SUBMIT_SECONDS + DG_AFTER_SCHEDULE_SECONDS : undefined;
  const effectiveAt = isoFromUnixSeconds(at);
  if (!effectiveAt || at === undefined) return undefined;
  // Only Normal lets any submitted proposal be scheduled; in every other state the date above is a floor.
  const blocked = dg.status === 'Submitted' && dg.state !== undefined && dg.state !== 'Normal';
  const note = blocked
    ? `Dual Governance is in ${dg.state}: the proposal cannot be scheduled until it returns to Normal, so ${effectiveAt} is the earliest it can take effect (veto signalling lasts 5 to 45 days).`
    : `Its Dual Governance timelock lets it take effect from ${effectiveAt}.`;
  return { effectiveAt, noticeSeconds: at - dg.submittedAt, note };
}
