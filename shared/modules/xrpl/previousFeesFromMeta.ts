import { type FeeValues, feeValues } from './feeValues.js';
import type { SetFeeTx } from './ledgerObjects.js';

/**
 * The fee settings before a SetFee, from its meta: the FeeSettings node's PreviousFields hold the
 * old value of every field that changed or was removed (legacy fields included, when the entry
 * switched format); a field not listed kept its value. Undefined when the answer has no meta. Pure.
 */
export function previousFeesFromMeta(meta: SetFeeTx['meta'], next: FeeValues): FeeValues | undefined {
  const modified = meta?.AffectedNodes.find((node) => node.ModifiedNode?.LedgerEntryType === 'FeeSettings')?.ModifiedNode;
  if (!modified) return undefined;
  return { ...next, ...feeValues(modified.PreviousFields ?? {}) };
}
