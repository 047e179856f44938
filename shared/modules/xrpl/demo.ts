import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';

function positions(wallet: Wallet): ExposurePosition[] {
  // 5,000 XRP at $2.10 with 6 owned objects: 1 + 6 × 0.2 = 2.2 XRP held as reserve.
  return [
    {
      position: { id: 'xrpl-xrp', protocol: 'xrpl', asset: 'XRP', amount: '5000', user_address: wallet.address, valueUsd: 10_500 },
      inputs: { role: 'balance', valueUsd: 10_500, ledgerReserve: { ownerCount: 6, baseDrops: 1_000_000, incrementDrops: 200_000, priceUsd: 2.1 } },
    },
  ];
}

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'xrpl-demo-fees',
        protocol: 'xrpl',
        title: 'Validators vote to lower the account reserve',
        summary: 'Base reserve 1 → 0.5 XRP, owner reserve 0.2 → 0.1 XRP.',
        body: 'Fee voting: validators publish new reserve settings.',
        status: 'active',
        timeline: { created: at(-12, -12), start: at(-12, -12), end: at(22, 12) },
        changeType: 'parameter',
        changes: [
          { protocol: 'xrpl', parameter: 'reserveBase', from: 1_000_000, to: 500_000, unit: 'drops', evidence: 'demo: FeeSettings ReserveBaseDrops', verified: true },
          { protocol: 'xrpl', parameter: 'reserveIncrement', from: 200_000, to: 100_000, unit: 'drops', evidence: 'demo: FeeSettings ReserveIncrementDrops', verified: true },
        ],
      }),
      demoProposal({
        id: 'xrpl-demo-amendment',
        protocol: 'xrpl',
        title: 'Amendment: fixDemoRounding',
        summary: 'A ledger amendment holding majority; enables two weeks after majority.',
        body: 'Touches AMM rounding only; no effect on plain XRP balances.',
        status: 'passed',
        timeline: { created: at(-21, -12) },
        effectiveDate: at(6, 12),
        changeType: 'shape',
        changes: [{ protocol: 'xrpl', asset: 'AMM-LP', parameter: 'listing', from: 'disabled', to: 'enabled', unit: 'state', evidence: 'demo: Amendments.Majorities', verified: true }],
      }),
    ];
  },
};
