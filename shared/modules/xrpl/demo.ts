import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';

const BITSTAMP = 'rvYAfWj5gh67oV6fW32ZzP3Aw4Eubs59B';

function positions(wallet: Wallet): ExposurePosition[] {
  // 5,000 XRP at $2.10 with 6 owned objects (one of them a USD trust line): 1 + 6 × 0.2 = 2.2 XRP
  // held as reserve. The line's issuer is Bitstamp's published gateway account; the balance is made up.
  return [
    {
      position: { id: 'xrpl-xrp', protocol: 'xrpl', chain: 'xrpl', holding: 'liquid', asset: 'XRP', amount: '5000', user_address: wallet.address, valueUsd: 10_500 },
      inputs: { role: 'balance', valueUsd: 10_500, ledgerReserve: { ownerCount: 6, baseDrops: 1_000_000, incrementDrops: 200_000, priceUsd: 2.1 } },
    },
    {
      // An issued token is never valued (an IOU is worth what its issuer honours).
      position: { id: `xrpl-line-USD-${BITSTAMP}`, protocol: 'xrpl', chain: 'xrpl', market: 'trustlines', holding: 'liquid', issuer: BITSTAMP, asset: 'USD', amount: '250', user_address: wallet.address },
      inputs: { market: 'trustlines', role: 'balance' },
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
