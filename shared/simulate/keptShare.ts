/**
 * Below this share kept by holders (1 − fee), net × (1 − f′)/(1 − f) is dominated by rounding: the
 * doubles carry a fee read on chain to about 1e-15 (test/oracles/lidoFees.property.test.ts).
 */
export const MIN_KEPT = 1e-9;

/**
 * A net rate after a fee on it moves from `from` to `to` (fractions): net × (1 − to)/(1 − from);
 * undefined when holders kept too little before for the ratio to mean anything. Pure.
 *
 * @example afterFee(0.09, 0.1, 0.2) // 0.08
 */
export function afterFee(net: number, from: number, to: number): number | undefined {
  if (1 - from < MIN_KEPT) return undefined;
  return (net * (1 - to)) / (1 - from);
}
