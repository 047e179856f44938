import type { Hex } from 'viem';
import type { DgStatus } from './abi.js';
import type { DgSubmission } from './decodeVoteScript.js';

/** A timelock proposal as EmergencyProtectedTimelock.getProposal returns it. */
export interface TimelockProposal {
  id: number;
  status: DgStatus;
  submittedAt: number;
  scheduledAt: number;
  calls: readonly { target: Hex; value: bigint; payload: Hex }[];
}

const sameCalls = (a: DgSubmission['calls'], b: TimelockProposal['calls']): boolean =>
  a.length === b.length &&
  a.every((call, index) => {
    const other = b[index]!;
    return call.target.toLowerCase() === other.target.toLowerCase() && call.value === other.value && call.payload.toLowerCase() === other.payload.toLowerCase();
  });

/**
 * The timelock proposal(s) a vote created, found by their calls: the timelock stores exactly the
 * calls DualGovernance.submitProposal received, and neither the vote nor the timelock records the
 * other's id. When a vote submitted several proposals, the least advanced one decides (a
 * cancellation anywhere cancels the vote's effect; it is executed only when all are). Undefined when
 * a submission is not among `proposals` (not executed yet, or older than what was read). Pure.
 */
export function dualGovernanceStatus(submissions: readonly DgSubmission[], proposals: readonly TimelockProposal[]): TimelockProposal | undefined {
  const found = submissions.map((submission) => proposals.find((proposal) => sameCalls(submission.calls, proposal.calls)));
  if (found.length === 0 || found.some((proposal) => proposal === undefined)) return undefined;
  const matched = found as TimelockProposal[];
  return (
    matched.find((proposal) => proposal.status === 'Cancelled') ??
    matched.find((proposal) => proposal.status !== 'Executed') ??
    matched[0]
  );
}
