import { describe, expect, it } from 'vitest';
import type { Wallet } from '../../../shared/address/types.js';
import { lidoExposure } from '../../../shared/modules/lido/exposure/lidoExposure.js';
import { type StakingModuleDigestRead, stakingModulesFrom } from '../../../shared/modules/lido/exposure/stakingModules.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { syntheticChain } from '../../exposure/syntheticChain.js';
import { ABIS, HOLDER, holderState } from '../../exposure/syntheticEvmWallet.js';
import { COUNTING_POLICY } from '../../upstream/replayHarness.js';

/** A digest as the exposure reads it: fees in bps, validators as the module and the router count them. */
const digest = (id: number, fees: [number, number], deposited: bigint, exited = 0n, routerExited = 0n): StakingModuleDigestRead => ({
  state: { id, stakingModuleFee: fees[0], treasuryFee: fees[1], exitedValidatorsCount: routerExited },
  summary: { totalExitedValidators: exited, totalDepositedValidators: deposited },
});

describe('stakingModulesFrom (StakingRouter.getStakingRewardsDistribution’s weights)', () => {
  it('gives each module its active validators over all active validators, and its fees as fractions', () => {
    // 9,000 and 1,000 active validators: shares 0.9 and 0.1; 500 and 600 bps are 0.05 and 0.06.
    expect(stakingModulesFrom([digest(1, [500, 500], 9_000n), digest(3, [600, 400], 1_000n)])).toEqual([
      { id: 1, share: 0.9, moduleFee: 0.05, treasuryFee: 0.05 },
      { id: 3, share: 0.1, moduleFee: 0.06, treasuryFee: 0.04 },
    ]);
  });

  it('counts a module’s exited validators as the larger of its own count and the router’s', () => {
    // Module 1: 10,000 deposited − max(1,000, 2,000) = 8,000; module 2: 4,000 − max(2,000, 0) = 2,000.
    const [first, second] = stakingModulesFrom([digest(1, [500, 500], 10_000n, 1_000n, 2_000n), digest(2, [500, 500], 4_000n, 2_000n)]);
    expect(first!.share).toBe(0.8);
    expect(second!.share).toBe(0.2);
  });

  it('leaves out a module without active validators, as the router does', () => {
    expect(stakingModulesFrom([digest(1, [500, 500], 100n), digest(4, [300, 300], 50n, 50n)]).map((module) => module.id)).toEqual([1]);
  });

  it('has no modules when none has an active validator', () => {
    expect(stakingModulesFrom([digest(1, [500, 500], 0n)])).toEqual([]);
  });

  it('weighs to the router’s aggregate fee: Σ share × (module + treasury fee) is (modulesFee + treasuryFee) / basePrecision', () => {
    const digests = [digest(1, [500, 500], 7_000n), digest(2, [400, 600], 2_000n), digest(3, [600, 400], 1_000n)];
    // The router in integers, per module: share = active × 1e20 / total, then share × bps / 10,000.
    const precision = 10n ** 20n;
    const routerTotal = [[7_000n, 1_000n], [2_000n, 1_000n], [1_000n, 1_000n]].reduce((sum, [active, bps]) => sum + (((active! * precision) / 10_000n) * bps!) / 10_000n, 0n);
    const weighted = stakingModulesFrom(digests).reduce((sum, { share, moduleFee, treasuryFee }) => sum + share * (moduleFee + treasuryFee), 0);
    expect(Number(routerTotal) / 1e20).toBe(0.1);
    expect(weighted).toBeCloseTo(Number(routerTotal) / 1e20, 15);
  });
});

describe('the lido exposure with the staking modules (synthetic chain of test/exposure/syntheticEvmWallet.ts)', () => {
  const wallet: Wallet = { kind: 'evm', address: HOLDER };
  const readWith = (state: typeof holderState) => {
    const chain = syntheticChain(ABIS, state);
    const upstreams = createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: COUNTING_POLICY, env: {} });
    return lidoExposure().readPositions(wallet, { signal: new AbortController().signal, now: new Date('2026-11-22T12:00:00Z'), upstreams });
  };

  it('gives every position the modules its fee is the weighted total of', async () => {
    const positions = await readWith(holderState);
    // 300 and 100 active validators at 5 % + 5 %: shares 0.75 and 0.25, total fee 0.1.
    for (const { inputs } of positions) {
      expect(inputs.rewardFee).toBe(0.1);
      expect(inputs.stakingModules).toEqual([
        { id: 1, share: 0.75, moduleFee: 0.05, treasuryFee: 0.05 },
        { id: 2, share: 0.25, moduleFee: 0.05, treasuryFee: 0.05 },
      ]);
    }
  });

  it('keeps the total fee and leaves the modules out when the digests revert', async () => {
    const reverting = { ...holderState, answer: (...args: Parameters<typeof holderState.answer>) => (args[1] === 'getAllStakingModuleDigests' ? undefined : holderState.answer(...args)) };
    const positions = await readWith(reverting);
    expect(positions).toHaveLength(2);
    expect(positions[0]!.inputs.rewardFee).toBe(0.1);
    expect(positions[0]!.inputs.stakingModules).toBeUndefined();
  });
});
