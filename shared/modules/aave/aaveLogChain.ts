import type { Address } from 'viem';
import type { LogChain } from '../../governance/logChain.js';

/**
 * A chain an Aave source of changes made without a vote reads (the v3 stewards, v4's
 * configuration): the logs' chain and window, its system's key, and the chain's PayloadsController,
 * whose PayloadExecuted in a transaction marks that transaction's changes as a vote's, not the
 * source's.
 */
export interface AaveLogChain extends LogChain {
  /** The governance system's key in the module's source, and its items' id prefix. */
  system: string;
  payloadsController: Address;
}

/**
 * Whether a transaction's logs ran a vote's payload: the chain's PayloadsController emitted
 * PayloadExecuted among them, so its changes are the vote's own execution (the vote's item states
 * them from the payload), not a change made without a vote. Pure.
 */
export function ranVotePayload(logs: readonly { address: Address; eventName: string }[], chain: Pick<AaveLogChain, 'payloadsController'>): boolean {
  return logs.some((log) => log.eventName === 'PayloadExecuted' && log.address.toLowerCase() === chain.payloadsController.toLowerCase());
}
