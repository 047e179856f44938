import { encodeFunctionData } from 'viem';
import { describe, expect, it } from 'vitest';
import { configuratorAbi } from '../../../shared/modules/compound/abi.js';
import { COMET_CONFIGURATOR } from '../../../shared/modules/compound/addresses.js';
import { decodeActions } from '../../../shared/modules/compound/decodeActions.js';
import { simulateProposalInDetail } from '../../support/simulator.js';
import { lendingPositions, proposal } from '../../simulate/fixtures.js';

/*
 * Comet's liquidation penalty in Comet's terms: absorb seizes every collateral and credits it at
 * liquidationFactor (compound-finance/comet Comet.sol absorbInternal), so the loss is
 * (1 − factor) of all the collateral, not a bonus on the debt repaid. Hand-made account.
 */

const CUSDCV3 = '0xc3d688B66703497DAA19211EEdff47f25384cdc3';
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
// $30,000 of WETH (LCF 0.895) against $10,000 of USDC: HF 2.685.
const account = { market: 'comet-usdc', healthFactor: (30_000 * 0.895) / 10_000, debtUsd: 10_000, collateral: [{ asset: 'WETH', valueUsd: 30_000, liquidationThreshold: 8950, ltv: 8250 }] };

const factorChange = (factor: bigint) =>
  decodeActions([{ target: COMET_CONFIGURATOR, value: 0n, signature: '', calldata: encodeFunctionData({ abi: configuratorAbi, functionName: 'updateAssetLiquidationFactor', args: [CUSDCV3, WETH, factor] }) }]);

describe('a Comet liquidation factor change', () => {
  it('says absorption seizes all the collateral and costs 1 − factor of it, not a bonus on the debt', () => {
    // liquidationFactor 0.93: the penalty is 7 % of $30,000 = $2,100, three times what 7 % of the $10,000 debt would say.
    const [change] = factorChange(930_000_000_000_000_000n);
    const detail = simulateProposalInDetail(proposal([change!], { protocol: 'compound' }), lendingPositions(account, 'USDC', 'compound'))!;
    expect(detail.effects).toHaveLength(1);
    expect(detail.impact.summary).toContain('all of your WETH collateral is seized and credited against your debt at 93\u00a0% of its value: you would lose 7\u00a0% of it');
    expect(detail.impact.summary).not.toContain('debt repaid');
    expect(detail.impact.details).toBe('WETH collateral $30,000: $2,100 lost on absorption.');
  });

  it('grades a higher penalty low for an account with debt, and names the old one', () => {
    const [change] = factorChange(930_000_000_000_000_000n);
    const detail = simulateProposalInDetail(proposal([{ ...change!, from: 500 }], { protocol: 'compound' }), lendingPositions(account, 'USDC', 'compound'))!;
    expect(detail.impact.level).toBe('low');
    expect(detail.impact.summary).toContain('you would lose 7\u00a0% of it (5\u00a0% now)');
    expect(detail.impact.details).toBe('WETH collateral $30,000: $2,100 lost on absorption instead of $1,500.');
  });
});
