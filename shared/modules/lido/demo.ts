import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';

function positions(wallet: Wallet): ExposurePosition[] {
  // 8 stETH at $3,150; APR 3.1 % is what holders earn after Lido's 10 % fee on rewards.
  return [
    {
      position: { id: 'lido-steth', protocol: 'lido', chain: 'ethereum', holding: 'staked', asset: 'stETH', amount: '8', user_address: wallet.address, valueUsd: 25_200, apy: 0.0315 },
      inputs: { role: 'stake', valueUsd: 25_200, apr: 0.031, rewardFee: 0.1 },
    },
  ];
}

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'lido-demo-1',
        protocol: 'lido',
        title: 'Raise the protocol fee on staking rewards to 12 %',
        summary: 'Fee on stETH rewards 10 % → 12 %; the vote did not pass.',
        body: '| Parameter | Current | Proposed |\n|---|---|---|\n| Protocol fee | 10 % | 12 % |',
        status: 'closed',
        votes: { for: 21_000_000, against: 48_000_000, abstain: 0, total: 69_000_000, quorumRequired: 50_000_000, quorumReached: true },
        timeline: { created: at(-42, -21), start: at(-42, -21), end: at(-35, -21) },
        changeType: 'parameter',
        changes: [{ protocol: 'lido', asset: 'stETH', parameter: 'rewardFee', from: 0.1, to: 0.12, unit: 'fraction', evidence: 'demo: table row "Protocol fee"', verified: false }],
      }),
    ];
  },
};
