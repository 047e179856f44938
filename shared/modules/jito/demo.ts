import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';

function positions(wallet: Wallet): ExposurePosition[] {
  // 250 JitoSOL at 1.27 SOL each and SOL at $150; 7.2 % is the holders' APR after the 4 % epoch fee.
  return [
    {
      position: { id: 'jito-jitosol', protocol: 'jito', chain: 'solana', holding: 'staked', asset: 'JitoSOL', amount: '250', user_address: wallet.address, valueUsd: 47_625, apy: 0.0746 },
      inputs: { role: 'stake', valueUsd: 47_625, apr: 0.072, rewardFee: 0.04 },
    },
  ];
}

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'jito-demo-1',
        protocol: 'jito',
        title: 'Raise the JitoSOL epoch fee to 5 %',
        summary: 'Stake pool epoch fee on rewards 4 % → 5 %.',
        body: 'Realms proposal setting the stake pool epoch fee.',
        status: 'active',
        votes: { for: 95_000_000, against: 4_000_000, total: 99_000_000 },
        timeline: { created: at(-2, -12), start: at(-2, -12), end: at(9, 12) },
        changeType: 'parameter',
        changes: [{ protocol: 'jito', asset: 'JitoSOL', parameter: 'rewardFee', from: 0.04, to: 0.05, unit: 'fraction', evidence: 'demo: SetFee(Epoch)', verified: true }],
      }),
      demoProposal({
        id: 'jito-demo-2',
        protocol: 'jito',
        title: 'Migrate the JitoSOL stake pool to a new pool program',
        summary: 'Holders would have to move JitoSOL to the new pool; the old pool stops taking deposits.',
        body: 'Draft: migration of the stake pool to an upgraded program.',
        status: 'pending',
        timeline: { created: at(-1, -12), start: at(5, 12), end: at(12, 12) },
        changeType: 'shape',
        changes: [{ protocol: 'jito', asset: 'JitoSOL', parameter: 'listing', from: 'listed', to: 'migrated', unit: 'state', evidence: 'demo: pool migration instruction', verified: true }],
      }),
    ];
  },
};
