import type { Wallet } from '../../address/types.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';

const MARKET = 'comet-usdc';

function positions(wallet: Wallet): ExposurePosition[] {
  return [
    {
      // Earning 3.52 % already: compound-demo-1, which moved it there from 4.02 %, has executed.
      position: { id: `${MARKET}-usdc-supply`, protocol: 'compound', asset: 'USDC', amount: '15000', user_address: wallet.address, valueUsd: 15_000, apy: 0.0358 },
      inputs: { market: MARKET, role: 'supply', valueUsd: 15_000, apr: 0.0352 },
    },
  ];
}

export const demo: DemoComponent = {
  positions,
  proposals: [
    demoProposal({
      id: 'compound-demo-1',
      protocol: 'compound',
      title: 'Lower the supply kink rate of the Comet USDC market',
      summary: 'Moves the USDC supply rate at current utilization from 4.02 % to 3.52 %.',
      body: 'Rate model update for cUSDCv3.',
      status: 'executed',
      votes: { for: 610_000, against: 12_000, abstain: 300, total: 622_300, quorumRequired: 400_000, quorumReached: true },
      timeline: { created: '2026-10-02T10:00:00Z', start: '2026-10-04T10:00:00Z', end: '2026-10-07T10:00:00Z' },
      effectiveDate: '2026-10-09T10:00:00Z',
      changeType: 'parameter',
      changes: [{ protocol: 'compound', market: MARKET, asset: 'USDC', parameter: 'supplyApr', from: 0.0402, to: 0.0352, unit: 'fraction', evidence: 'demo: setSupplyPerYearInterestRateSlopeLow', verified: true }],
    }),
    demoProposal({
      id: 'compound-demo-2',
      protocol: 'compound',
      title: 'Deprecate the Comet USDC market in favour of a new deployment',
      summary: 'Pauses new supply to cUSDCv3 and asks suppliers to migrate.',
      body: 'Migration plan for cUSDCv3 suppliers.',
      status: 'canceled',
      timeline: { created: '2026-09-12T10:00:00Z', start: '2026-09-14T10:00:00Z', end: '2026-09-17T10:00:00Z' },
      changeType: 'shape',
      changes: [{ protocol: 'compound', market: MARKET, parameter: 'listing', from: 'listed', to: 'deprecated', unit: 'state', evidence: 'demo: pause(supply)', verified: true }],
    }),
    demoProposal({
      id: 'compound-demo-3',
      protocol: 'compound',
      title: 'Raise the WBTC collateral factor of the Comet WETH market',
      summary: 'WBTC borrow collateral factor 80 % → 82 % in cWETHv3.',
      body: 'Touches only wallets with WBTC collateral in cWETHv3.',
      status: 'active',
      timeline: { created: '2026-11-19T10:00:00Z', start: '2026-11-21T10:00:00Z', end: '2026-12-24T10:00:00Z' },
      changeType: 'parameter',
      changes: [{ protocol: 'compound', market: 'comet-weth', asset: 'WBTC', parameter: 'liquidationThreshold', from: 8500, to: 8700, unit: 'bps', evidence: 'demo: updateAssetLiquidateCollateralFactor', verified: true }],
    }),
  ],
};
