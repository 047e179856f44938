import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';

function positions(wallet: Wallet): ExposurePosition[] {
  // 1,200 ATOM delegated at $6.20, 900 with a validator charging 5 % and 300 with one charging 10 %.
  // The chain pays 17 % after the 10 % community tax; the delegator keeps 0.17 × (0.75 × 0.95 +
  // 0.25 × 0.90) = 0.17 × 0.9375 = 15.94 % after commission (APY with daily restaking 17.27 %).
  return [
    {
      position: { id: 'cosmoshub-delegation', protocol: 'cosmoshub', chain: 'cosmoshub', holding: 'delegated', name: 'Demo Validator A, Demo Validator B', asset: 'ATOM', amount: '1200', user_address: wallet.address, valueUsd: 7_440, apy: 0.1727 },
      inputs: {
        role: 'delegation',
        valueUsd: 7_440,
        apr: 0.159375,
        rewardFee: 0.1,
        delegation: {
          validators: [
            { validator: 'cosmosvaloper1demo-a', share: 0.75, commission: 0.05 },
            { validator: 'cosmosvaloper1demo-b', share: 0.25, commission: 0.1 },
          ],
        },
      },
    },
    {
      // Rewards earned and not yet withdrawn: 4.2 ATOM at $6.20.
      position: { id: 'cosmoshub-rewards', protocol: 'cosmoshub', chain: 'cosmoshub', holding: 'rewards', asset: 'ATOM', amount: '4.2', user_address: wallet.address, valueUsd: 26.04 },
      inputs: { role: 'balance', valueUsd: 26.04 },
    },
    {
      position: { id: 'cosmoshub-balance', protocol: 'cosmoshub', chain: 'cosmoshub', holding: 'liquid', asset: 'ATOM', amount: '35.5', user_address: wallet.address, valueUsd: 220.1 },
      inputs: { role: 'balance', valueUsd: 220.1 },
    },
  ];
}

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'cosmoshub-demo-1',
        protocol: 'cosmoshub',
        title: 'Raise the community tax to 25 %',
        summary: 'MsgUpdateParams for x/distribution: community_tax 0.10 → 0.25.',
        body: 'Parameter change for the community pool.',
        status: 'active',
        votes: { for: 81_000_000, against: 30_000_000, abstain: 9_000_000, total: 120_000_000, quorumRequired: 134_000_000, quorumReached: false },
        timeline: { created: at(-5, -12), start: at(-3, -12), end: at(10, 12) },
        changeType: 'parameter',
        changes: [{ protocol: 'cosmoshub', asset: 'ATOM', parameter: 'communityTax', from: 0.1, to: 0.25, unit: 'fraction', evidence: 'demo: /cosmos.distribution.v1beta1.MsgUpdateParams', verified: true }],
      }),
    ];
  },
};
