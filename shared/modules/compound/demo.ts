import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition, LendingAccount } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';

const MARKET = 'comet-usdc';
const ARBITRUM = 'comet-usdc-arbitrum';

// On Arbitrum's USDC Comet, 4 WETH at $3,150 with its liquidate collateral factor 85 % and borrow
// collateral factor 78 % (compound-finance/comet deployments/arbitrum/usdc/configuration.json)
// against 5,000 USDC: HF = 12,600 × 0.85 / 5,000 = 2.14.
const ARBITRUM_ACCOUNT: LendingAccount = {
  market: ARBITRUM,
  healthFactor: 2.14,
  debtUsd: 5_000,
  collateral: [{ asset: 'WETH', valueUsd: 12_600, liquidationThreshold: 8500, ltv: 7800 }],
};

/** The demo wallet's Comets: Ethereum's USDC market and Arbitrum's, each naming its chain and market as a live read does. */
function positions(wallet: Wallet): ExposurePosition[] {
  const on = (chain: string, market: string, healthFactor?: number) => ({ protocol: 'compound', user_address: wallet.address, ...(healthFactor !== undefined && { healthFactor }), chain, market });
  const arbitrum = on('arbitrum', ARBITRUM, ARBITRUM_ACCOUNT.healthFactor);
  return [
    {
      // Earning 3.52 % already: compound-demo-1, which moved it there from 4.02 %, has executed.
      position: { ...on('ethereum', MARKET), id: `${MARKET}-usdc-supply`, asset: 'USDC', amount: '15000', valueUsd: 15_000, apy: 0.0358 },
      inputs: { market: MARKET, role: 'supply', valueUsd: 15_000, apr: 0.0352 },
    },
    {
      // At 80 % utilization the configuration's borrow curve gives 1.5 % + 3.5 % × 0.8 = 4.3 % APR.
      position: { ...arbitrum, id: `${ARBITRUM}-usdc-borrow`, asset: 'USDC', amount: '5000', debt: '5000', valueUsd: 5_000, apy: 0.0439 },
      inputs: { market: ARBITRUM, role: 'borrow', valueUsd: 5_000, apr: 0.043, account: ARBITRUM_ACCOUNT },
    },
    {
      // Collateral earns nothing in Comet.
      position: { ...arbitrum, id: `${ARBITRUM}-weth-collateral`, asset: 'WETH', amount: '4', collateral: '4', valueUsd: 12_600, apy: 0 },
      inputs: { market: ARBITRUM, role: 'supply', valueUsd: 12_600, apr: 0, account: ARBITRUM_ACCOUNT },
    },
  ];
}

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'compound-demo-1',
        protocol: 'compound',
        title: 'Lower the supply kink rate of the Comet USDC market',
        summary: 'Moves the USDC supply rate at current utilization from 4.02 % to 3.52 %.',
        body: 'Rate model update for cUSDCv3.',
        status: 'executed',
        votes: { for: 610_000, against: 12_000, abstain: 300, total: 622_300, quorumRequired: 400_000, quorumReached: true },
        timeline: { created: at(-51, -2), start: at(-49, -2), end: at(-46, -2) },
        effectiveDate: at(-44, -2),
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
        timeline: { created: at(-71, -2), start: at(-69, -2), end: at(-66, -2) },
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
        timeline: { created: at(-3, -2), start: at(-1, -2), end: at(31, 22) },
        changeType: 'parameter',
        changes: [{ protocol: 'compound', market: 'comet-weth', asset: 'WBTC', parameter: 'liquidationThreshold', from: 8500, to: 8700, unit: 'bps', evidence: 'demo: updateAssetLiquidateCollateralFactor', verified: true }],
      }),
    ];
  },
};
