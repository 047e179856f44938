import { describe, expect, it } from 'vitest';
import { scanWallet } from '../../shared/scan/scanWallet.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { testServices } from '../support/services.js';
import { COUNTING_POLICY } from '../upstream/replayHarness.js';
import { syntheticChain } from './syntheticChain.js';
import { ABIS, AAVE_HOLDING_CHAINS, holderState, HOLDER, syntheticEndpoints } from './syntheticEvmWallet.js';

/*
 * The synthetic holder's whole scan reads the Aave RiskStewards of the markets it holds (Core,
 * Arbitrum, Base) after its positions, and the synthetic chain answers those views with the deploy
 * script's defaults (syntheticStewardViews.ts): so the cold-scan bench, which captures through the
 * scan, records them, and its scans are measured with the stewards read from the chain, not missed.
 */
describe('the synthetic holder’s scan', () => {
  it('reads the stewards of each Aave market it holds from the chain, none left unread', async () => {
    const chain = syntheticChain(ABIS, holderState);
    const upstreams = createUpstreams({ endpoints: syntheticEndpoints(), fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    const scan = await scanWallet({ kind: 'evm', address: HOLDER }, undefined, testServices({ upstreams, config: { moduleDeadlineMs: 10_000 } }));
    const aave = (scan.envelopes ?? []).filter((envelope) => envelope.protocol === 'aave');
    const markets = aave.map((envelope) => envelope.market).sort();
    expect(markets).toEqual(['aave-v3-ethereum', ...AAVE_HOLDING_CHAINS.map((id) => `aave-v3-${id}`)].sort());
    const stewardSteps = aave.flatMap((envelope) => envelope.assumptions).filter((assumption) => assumption.parameter === 'liquidationThreshold');
    expect(stewardSteps.length).toBeGreaterThan(0);
    for (const step of stewardSteps) {
      expect(step.readFrom).toBe('chain');
      expect(step.unreadBecause).toBeUndefined();
      // The deploy script's default the synthetic steward answers: 50 bps at 3-day intervals.
      expect(step.bound).toMatchObject({ largestStep: 50, minDelaySeconds: 3 * 86_400 });
    }
  });
});
