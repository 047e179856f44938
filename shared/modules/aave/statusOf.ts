import type { ProposalStatus } from '../../contract/enums.js';
import type { AaveProposalData } from './types.js';

/**
 * The contract status of a Governance v3 proposal (sources.md §2, decisions.md). Pure.
 *
 * `state` is the core's computed state (getProposal already turns stale proposals into Expired).
 * The core's `Executed` only means the payloads were sent to their chains, so a proposal is
 * `executed` only when every payload is read as Executed (on Ethereum and on the chains of
 * payloadChains.ts); payloads on chains this source cannot read keep it `passed` (the vote won;
 * that the change took effect there is not verified).
 * An `Active` proposal past its voting window stays `active`: the window is computed from the
 * core's activation time, the voting machine opens minutes later and closes as late, and only the
 * machine knows the result until it is bridged back (then the core says Queued or Failed).
 */
export function statusOf(proposal: Pick<AaveProposalData, 'state' | 'payloads'>): ProposalStatus {
  switch (proposal.state) {
    case 'Null':
    case 'Created':
      return 'pending';
    case 'Active':
      return 'active';
    case 'Queued':
      return 'passed';
    case 'Executed':
      return executedStatus(proposal.payloads);
    case 'Failed':
    case 'Expired':
      return 'closed';
    case 'Cancelled':
      return 'canceled';
  }
}

function executedStatus(payloads: AaveProposalData['payloads']): ProposalStatus {
  const states = payloads.map((payload) => payload.onChain?.state);
  if (states.length > 0 && states.every((state) => state === 'Executed')) return 'executed';
  // Every payload known and none will run: the DAO's decision never took effect.
  if (states.length > 0 && states.every((state) => state === 'Cancelled')) return 'canceled';
  if (states.length > 0 && states.every((state) => state === 'Expired')) return 'closed';
  return 'passed';
}
