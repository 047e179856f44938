import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition, LendingAccount } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';

const MARKET = 'aave-v3-ethereum';
const ARBITRUM = 'aave-v3-arbitrum';
const BASE = 'aave-v3-base';

// 12 WETH at $3,150 (LT 83 %) and 20,000 USDC (LT 78 %) against 33,080 USDT of debt:
// HF = (37,800 × 0.83 + 20,000 × 0.78) / 33,080 = 1.42 (positions.md §1.3).
const ACCOUNT: LendingAccount = {
  market: MARKET,
  healthFactor: 1.42,
  debtUsd: 33_080,
  collateral: [
    { asset: 'WETH', valueUsd: 37_800, liquidationThreshold: 8300, ltv: 8050 },
    { asset: 'USDC', valueUsd: 20_000, liquidationThreshold: 7800, ltv: 7500 },
  ],
};

// On Arbitrum, 6 wstETH at $3,700 (LT 79 %) against 9,000 USDC of debt: HF = 22,200 × 0.79 / 9,000 = 1.95.
const ARBITRUM_ACCOUNT: LendingAccount = {
  market: ARBITRUM,
  healthFactor: 1.95,
  debtUsd: 9_000,
  collateral: [{ asset: 'wstETH', valueUsd: 22_200, liquidationThreshold: 7900, ltv: 7100 }],
};

// On Base, 15,000 USDC supplied as collateral and nothing borrowed: no health factor to move.
const BASE_ACCOUNT: LendingAccount = {
  market: BASE,
  debtUsd: 0,
  collateral: [{ asset: 'USDC', valueUsd: 15_000, liquidationThreshold: 7800, ltv: 7500 }],
};

// In Aave v4's Ethereum Main spoke, 8 wstETH at $3,700 as collateral on dynamic config key 2 (CF 80 %; the
// reserve's latest key is 3) against 10,000 USDC: HF = 29,600 × 0.80 / 10,000 = 2.37, as the spoke computes
// it (v4/accountData.ts); wstETH's collateral risk of 10 % covers the whole debt, so the risk premium is 10 %.
const V4_MAIN = 'aave-v4-ethereum-main';
const V4_ACCOUNT: LendingAccount = { market: V4_MAIN, healthFactor: 2.37, debtUsd: 10_000, collateral: [{ asset: 'wstETH', valueUsd: 29_600, liquidationThreshold: 8000 }] };
const V4_INPUTS = { market: V4_MAIN, riskPremium: 1000, collateral: [{ asset: 'wstETH', valueUsd: 29_600, collateralFactor: 8000, collateralRisk: 1000, dynamicConfigKey: 2, latestConfigKey: 3 }] };

/** The demo wallet's positions: Ethereum Core, Arbitrum and Base, and the v4 Main spoke, each naming its chain and market as a live read does. */
function positions(wallet: Wallet): ExposurePosition[] {
  const on = (chain: string, account: LendingAccount) => ({
    protocol: 'aave',
    user_address: wallet.address,
    ...(account.healthFactor !== undefined && { healthFactor: account.healthFactor }),
    chain,
    market: account.market,
  });
  const base = on('ethereum', ACCOUNT);
  const arbitrum = on('arbitrum', ARBITRUM_ACCOUNT);
  const onBase = on('base', BASE_ACCOUNT);
  const v4 = on('ethereum', V4_ACCOUNT);
  return [
    {
      position: { ...base, id: `${MARKET}-weth-supply`, asset: 'WETH', amount: '12', collateral: '12', valueUsd: 37_800, apy: 0.019 },
      inputs: { market: MARKET, role: 'supply', valueUsd: 37_800, apr: 0.0188, reserveFactor: 1500, account: ACCOUNT },
    },
    {
      position: { ...base, id: `${MARKET}-usdc-supply`, asset: 'USDC', amount: '20000', collateral: '20000', valueUsd: 20_000, apy: 0.043 },
      inputs: { market: MARKET, role: 'supply', valueUsd: 20_000, apr: 0.0421, reserveFactor: 1000, account: ACCOUNT },
    },
    {
      position: { ...base, id: `${MARKET}-usdt-borrow`, asset: 'USDT', amount: '33080', debt: '33080', valueUsd: 33_080, apy: 0.053 },
      // USDT's reserve factor is already 15 %: aave-demo-4 has executed.
      inputs: { market: MARKET, role: 'borrow', valueUsd: 33_080, apr: 0.052, reserveFactor: 1500, account: ACCOUNT },
    },
    {
      position: { ...arbitrum, id: `${ARBITRUM}-wsteth-supply`, asset: 'wstETH', amount: '6', collateral: '6', valueUsd: 22_200, apy: 0.001 },
      inputs: { market: ARBITRUM, role: 'supply', valueUsd: 22_200, apr: 0.001, reserveFactor: 500, account: ARBITRUM_ACCOUNT },
    },
    {
      position: { ...arbitrum, id: `${ARBITRUM}-usdc-borrow`, asset: 'USDC', amount: '9000', debt: '9000', valueUsd: 9_000, apy: 0.058 },
      inputs: { market: ARBITRUM, role: 'borrow', valueUsd: 9_000, apr: 0.0564, reserveFactor: 1000, account: ARBITRUM_ACCOUNT },
    },
    {
      position: { ...onBase, id: `${BASE}-usdc-supply`, asset: 'USDC', amount: '15000', collateral: '15000', valueUsd: 15_000, apy: 0.045 },
      inputs: { market: BASE, role: 'supply', valueUsd: 15_000, apr: 0.044, reserveFactor: 1000, account: BASE_ACCOUNT },
    },
    {
      position: { ...v4, id: `${V4_MAIN}-wsteth-supply`, asset: 'wstETH', amount: '8', collateral: '8', valueUsd: 29_600, apy: 0.002 },
      inputs: { market: V4_MAIN, role: 'supply', valueUsd: 29_600, apr: 0.002, account: V4_ACCOUNT, aaveV4: V4_INPUTS },
    },
    {
      position: { ...v4, id: `${V4_MAIN}-usdc-borrow`, asset: 'USDC', amount: '10000', debt: '10000', valueUsd: 10_000, apy: 0.052 },
      inputs: { market: V4_MAIN, role: 'borrow', valueUsd: 10_000, apr: 0.0507, account: V4_ACCOUNT, aaveV4: V4_INPUTS },
    },
  ];
}

const change = { protocol: 'aave', market: MARKET, verified: true } as const;

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'aave-demo-1',
        protocol: 'aave',
        title: 'Offboard USDC as collateral on Aave v3 Ethereum',
        summary: 'Sets the USDC liquidation threshold from 78 % to 0 %, so USDC no longer backs borrowing.',
        body: '## Summary\nSet USDC LT to 0 % on the Ethereum core market.\n\n| Asset | Current LT | Proposed LT |\n|---|---|---|\n| USDC | 78 % | 0 % |',
        status: 'pending',
        timeline: { created: at(-4, -3), start: at(2, 21), end: at(5, 21) },
        changeType: 'parameter',
        changes: [{ ...change, asset: 'USDC', parameter: 'liquidationThreshold', from: 7800, to: 0, unit: 'bps', evidence: 'demo: configureReserveAsCollateral(USDC, 0, 0, 0)' }],
      }),
      demoProposal({
        id: 'aave-demo-2',
        protocol: 'aave',
        title: 'Lower WETH liquidation threshold to 78 % on Aave v3 Ethereum',
        summary: 'Risk steward update: WETH LT 83 % → 78 %.',
        body: '| Asset | Current | Proposed |\n|---|---|---|\n| WETH LT | 83 % | 78 % |',
        status: 'active',
        votes: { for: 412_300, against: 18_200, abstain: 0, total: 430_500, quorumRequired: 320_000, quorumReached: true },
        timeline: { created: at(-7), start: at(-6), end: at(49) },
        changeType: 'parameter',
        changes: [{ ...change, asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 7800, unit: 'bps', evidence: 'demo: configureReserveAsCollateral(WETH, 8000, 7800, 10500)' }],
      }),
      demoProposal({
        id: 'aave-demo-3',
        protocol: 'aave',
        title: 'Raise USDT variable borrow rate on Aave v3 Ethereum',
        summary: 'USDT slope update raising the current variable borrow rate from 5.2 % to 6.1 %.',
        body: 'Interest-rate strategy update for USDT.',
        status: 'passed',
        votes: { for: 520_000, against: 2_000, abstain: 1_000, total: 523_000, quorumRequired: 320_000, quorumReached: true },
        timeline: { created: at(-21, -4), start: at(-20, -4), end: at(-17, -4) },
        effectiveDate: at(-16, -4),
        changeType: 'parameter',
        changes: [{ ...change, asset: 'USDT', parameter: 'borrowApr', from: 0.052, to: 0.061, unit: 'fraction', evidence: 'demo: setReserveInterestRateData(USDT, …)' }],
      }),
      demoProposal({
        id: 'aave-demo-4',
        protocol: 'aave',
        title: 'Raise USDT reserve factor to 15 % on Aave v3 Ethereum',
        summary: 'Reserve factor 10 % → 15 %: moves the USDT supply rate only.',
        body: '| Asset | Current RF | Proposed RF |\n|---|---|---|\n| USDT | 10 % | 15 % |',
        status: 'executed',
        timeline: { created: at(-33, -4), start: at(-32, -4), end: at(-29, -4) },
        effectiveDate: at(-28, -4),
        changeType: 'parameter',
        changes: [{ ...change, asset: 'USDT', parameter: 'reserveFactor', from: 1000, to: 1500, unit: 'bps', evidence: 'demo: setReserveFactor(USDT, 1500)' }],
      }),
    ];
  },
};
