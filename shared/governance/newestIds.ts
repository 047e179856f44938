/**
 * The newest `newest` ids from `last` down to `first`, newest first: what a source reads of a
 * governor whose ids are sequential. Pure.
 *
 * @example newestIds({ last: 516n, newest: 3 }) // [516n, 515n, 514n]
 */
export function newestIds({ last, first = 0n, newest }: { last: bigint; first?: bigint; newest: number }): bigint[] {
  const ids: bigint[] = [];
  for (let id = last; id >= first && ids.length < newest; id--) ids.push(id);
  return ids;
}
