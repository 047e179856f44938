/**
 * The block window [from, to] cut into consecutive ranges of at most `size` blocks, both ends
 * included: public endpoints cap the range of one eth_getLogs (often at some tens of thousands of
 * blocks), so a window is asked in chunks, all in one JSON-RPC batch. Pure.
 *
 * @example logRanges(0n, 9n, 5n) // [[0n, 4n], [5n, 9n]]
 */
export function logRanges(from: bigint, to: bigint, size: bigint): [bigint, bigint][] {
  const ranges: [bigint, bigint][] = [];
  for (let start = from; start <= to; start += size) ranges.push([start, start + size - 1n < to ? start + size - 1n : to]);
  return ranges;
}
