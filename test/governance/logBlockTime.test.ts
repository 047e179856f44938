import { describe, expect, it } from 'vitest';
import { logBlockTime } from '../../shared/governance/logBlockTime.js';

const clock = { head: 1_000_000n, headTimestamp: 1_764_000_000n };

describe('logBlockTime', () => {
  it("keeps the node's own block time where eth_getLogs gave it", () => {
    expect(logBlockTime({ blockNumber: 999_000n, blockTimestamp: 1_763_900_000n }, clock, 12)).toBe(1_763_900_000n);
  });

  it('counts back from the head at the chain’s block time where the node gave none', () => {
    expect(logBlockTime({ blockNumber: 999_990n }, clock, 12)).toBe(1_764_000_000n - 120n);
  });

  it('counts sub-second blocks without rounding each one to zero (Arbitrum’s 0.25 s: 4 blocks a second)', () => {
    expect(logBlockTime({ blockNumber: 999_000n }, clock, 0.25)).toBe(1_764_000_000n - 250n);
    expect(logBlockTime({ blockNumber: 999_999n }, clock, 0.25)).toBe(1_764_000_000n);
  });
});
