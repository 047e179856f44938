import type { PayloadAction } from './types.js';

/**
 * A payload's ExecutionActions as the source keeps them: the target, and whether it is the
 * standard engine action, delegatecall `execute()` with no calldata (aave-helpers
 * GovV3Helpers.buildAction; the Executor then calls the payload's own execute()). Pure.
 */
export function actionsOf(actions: readonly { target: string; withDelegateCall: boolean; signature: string; callData: string }[]): PayloadAction[] {
  return actions.map((action) => ({
    target: action.target,
    delegateExecute: action.withDelegateCall && action.signature === 'execute()' && (action.callData === '0x' || action.callData === ''),
  }));
}
