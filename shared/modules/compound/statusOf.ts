import type { ProposalStatus } from '../../contract/enums.js';
import { PROPOSAL_STATES, type ProposalState } from './abi.js';

/**
 * decisions.md's status for a governor's native state (same enum on Bravo and CompoundGovernor).
 * `state()` is read on chain at the head, so it already accounts for time: a vote past its end is
 * Defeated or Succeeded there, and a Queued proposal past eta + grace period is Expired. Pure.
 *
 * @example statusOf(7) // 'executed'
 */
export function statusOf(state: number): ProposalStatus {
  const native = nativeState(state);
  switch (native) {
    case 'Pending':
      return 'pending';
    case 'Active':
      return 'active';
    case 'Succeeded':
    case 'Queued':
      return 'passed';
    case 'Executed':
      return 'executed';
    case 'Defeated':
    case 'Expired':
      return 'closed';
    case 'Canceled':
      return 'canceled';
  }
}

/** The enum name of a raw state; throws on a value the contracts never return. Pure. */
export function nativeState(state: number): ProposalState {
  const native = PROPOSAL_STATES[state];
  if (native === undefined) throw new Error(`unknown Compound ProposalState ${state}`);
  return native;
}
