import type { ParameterChange, ParameterName } from '../../domain/parameterChange.js';
import type { FeeValues } from './feeValues.js';

export interface FeeChangeEvidence {
  /** The SetFee pseudo-transaction's hash. */
  txHash: string;
  ledgerIndex?: number | undefined;
  /** Where the previous values came from: the tx meta, or a page; absent when unknown. */
  previousFrom?: string | undefined;
}

const RESERVES: readonly { parameter: ParameterName; key: 'reserveBaseDrops' | 'reserveIncrementDrops'; field: string }[] = [
  { parameter: 'reserveBase', key: 'reserveBaseDrops', field: 'ReserveBaseDrops' },
  { parameter: 'reserveIncrement', key: 'reserveIncrementDrops', field: 'ReserveIncrementDrops' },
];

/**
 * The reserve changes a SetFee made, in drops: verified, since the values are the pseudo-
 * transaction's own fields. A reserve whose previous value is known and equal is left out (a vote
 * may move the base fee alone); without previous values both reserves are reported with `to` only.
 * The base fee has no ParameterName: it moves no position, and the description states it. Pure.
 *
 * @example decodeFeeChange({ reserveBaseDrops: 1000000 }, { reserveBaseDrops: 10000000 }, { txHash })
 * // [{ parameter: 'reserveBase', from: 10000000, to: 1000000, unit: 'drops', verified: true, … }]
 */
export function decodeFeeChange(next: FeeValues, previous: FeeValues | undefined, evidence: FeeChangeEvidence): ParameterChange[] {
  const where = `SetFee ${evidence.txHash}${evidence.ledgerIndex !== undefined ? ` (ledger ${evidence.ledgerIndex})` : ''}`;
  return RESERVES.flatMap(({ parameter, key, field }): ParameterChange[] => {
    const to = next[key];
    if (to === undefined) return [];
    const from = previous?.[key];
    if (from === to) return [];
    return [
      {
        protocol: 'xrpl',
        parameter,
        ...(from !== undefined && { from }),
        to,
        unit: 'drops',
        evidence: `${where}: ${field}${from !== undefined && evidence.previousFrom ? `; previous value from ${evidence.previousFrom}` : ''}`,
        verified: true,
      },
    ];
  });
}
