/** What dating a log needs of its window's read: the head and the head block's time. */
export interface HeadClock {
  head: bigint;
  /** Unix seconds of the head block. */
  headTimestamp: bigint;
}

/**
 * A log's block time in unix seconds: the node's own where eth_getLogs gave it (geth 1.16+), else
 * counted back from the head at the chain's block time (LogWindow.secondsPerBlock; a missed slot
 * makes the estimate late, never early). Sub-second blocks (Arbitrum's 0.25 s) are counted in
 * milliseconds, then back to seconds. Pure.
 *
 * @example logBlockTime({ blockNumber: 990n }, { head: 1000n, headTimestamp: 1_700_000_000n }, 12) // 1_699_999_880n
 */
export function logBlockTime(log: { blockNumber: bigint; blockTimestamp?: bigint }, clock: HeadClock, secondsPerBlock: number): bigint {
  return log.blockTimestamp ?? clock.headTimestamp - ((clock.head - log.blockNumber) * BigInt(secondsPerBlock * 1000)) / 1000n;
}
