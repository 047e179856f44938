import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition, LendingAccount } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';
import { SPARKLEND_ETHEREUM } from './exposure/deployment.js';

const MARKET = SPARKLEND_ETHEREUM.market;

// 5 WETH at $3,150 as collateral (LT 86 %, diffs/20250821) against 8,800 USDT of debt:
// HF = 15,750 × 0.86 / 8,800 = 1.539; spark-demo-1's LT 83 % would make it 13,072.5 / 8,800 = 1.486.
const ACCOUNT: LendingAccount = {
  market: MARKET,
  healthFactor: 1.539,
  debtUsd: 8_800,
  collateral: [{ asset: 'WETH', valueUsd: 15_750, liquidationThreshold: 8600, ltv: 8500 }],
};

/** The demo evm wallet's SparkLend account (demo data, mode mock: no real account), which spark-demo-1 reaches. */
function positions(wallet: Wallet): ExposurePosition[] {
  const base = { protocol: 'spark', chain: 'ethereum', market: MARKET, user_address: wallet.address, healthFactor: ACCOUNT.healthFactor };
  return [
    {
      position: { ...base, id: `${MARKET}-weth-supply`, asset: 'WETH', amount: '5', collateral: '5', valueUsd: 15_750, apy: 0.012 },
      inputs: { market: MARKET, role: 'supply', valueUsd: 15_750, apr: 0.0119, reserveFactor: 500, account: ACCOUNT },
    },
    {
      position: { ...base, id: `${MARKET}-usdt-borrow`, asset: 'USDT', amount: '8800', debt: '8800', valueUsd: 8_800, apy: 0.041 },
      inputs: { market: MARKET, role: 'borrow', valueUsd: 8_800, apr: 0.0402, reserveFactor: 1000, account: ACCOUNT },
    },
  ];
}

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'spark-demo-1',
        protocol: 'spark',
        title: 'Spark proxy spell: lower the WETH liquidation threshold on SparkLend to 83 %',
        summary: 'A payload whitelisted in the Spark StarGuard sets WETH LT 86 % → 83 %; anyone may execute it.',
        body: 'Payload views (collateralsUpdates): WETH liqThreshold 8300, the rest KEEP_CURRENT.',
        status: 'passed',
        timeline: { created: at(-2, -20), start: at(-2, -20), end: at(4, 4) },
        changeType: 'parameter',
        changes: [{ protocol: 'spark', market: MARKET, asset: 'WETH', parameter: 'liquidationThreshold', from: 8600, to: 8300, unit: 'bps', evidence: 'demo: payload collateralsUpdates()', verified: true }],
      }),
    ];
  },
};
