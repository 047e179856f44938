import type { Wallet } from '../../address/types.js';
import { demoClock } from '../../demo/demoClock.js';
import { demoProposal } from '../../demo/proposal.js';
import type { ExposurePosition } from '../../domain/position.js';
import type { DemoComponent } from '../types.js';
import { ETHEREUM, vaultMarket } from './deployment.js';

const SPARK_DAI = ETHEREUM.vaults.find((vault) => vault.name === 'Spark DAI Vault')!;
const MARKET = vaultMarket('ethereum', SPARK_DAI.address);

/** The demo evm wallet's Morpho holding (demo data, mode mock: no real account): a Spark DAI Vault share, which the demo cap raise reaches. */
export const DEMO_VAULT_HOLDING = (wallet: Wallet): ExposurePosition => ({
  position: { id: 'metamorpho-ethereum-spark-dai-vault', protocol: 'morpho', chain: 'ethereum', market: MARKET, holding: 'vault', name: SPARK_DAI.name, asset: 'DAI', amount: '8000', user_address: wallet.address, valueUsd: 8_000, apy: 0.061 },
  inputs: { market: MARKET, role: 'supply', valueUsd: 8_000, apr: 0.0592, rewardFee: 0 },
});

const positions = (wallet: Wallet): ExposurePosition[] => [DEMO_VAULT_HOLDING(wallet)];

export const demo: DemoComponent = {
  positions,
  proposals: (now) => {
    const at = demoClock(now);
    return [
      demoProposal({
        id: 'morpho-demo-1',
        protocol: 'morpho',
        title: 'Spark DAI Vault: raise the sUSDe/DAI 86% cap to 500,000,000 DAI',
        summary: 'The curator submitted a supply cap of 500,000,000 DAI for the sUSDe/DAI 86% market, from 400,000,000 DAI.',
        body: 'Timelocked curator change of a MetaMorpho vault: anyone may accept it once the timelock ends; the guardian may revoke it until then.',
        status: 'passed',
        timeline: { created: at(-2, -2), end: at(-1, -2) },
        effectiveDate: at(-1, -2),
        changeType: 'parameter',
        changes: [{ protocol: 'morpho', market: `${MARKET}:sUSDe/DAI 86%`, asset: 'DAI', parameter: 'vaultSupplyCap', from: 400_000_000, to: 500_000_000, unit: 'tokens', evidence: 'demo: SubmitCap', verified: true }],
      }),
    ];
  },
};
