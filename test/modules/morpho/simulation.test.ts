import type { Abi } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExposurePosition } from '../../../shared/domain/position.js';
import type { FeedProposal } from '../../../shared/domain/proposal.js';
import { morphoBlueAbi, vaultAbi } from '../../../shared/modules/morpho/abi.js';
import { ETHEREUM, vaultMarket } from '../../../shared/modules/morpho/deployment.js';
import { vaultSource } from '../../../shared/modules/morpho/vaultSource.js';
import { registered } from '../../../shared/modules/registry.js';

const REGISTERED = await registered();
import { simulateProposal, simulateProposalInDetail } from '../../../shared/simulate/simulateProposal.js';
import { createUpstreams } from '../../../shared/upstream/upstreams.js';
import { fakeEvmNode } from '../../support/fakeEvmNode.js';
import { SPARK_DAI_VAULT, sparkDaiState } from './sparkDaiScenario.js';

/*
 * The registered calculators through the shared simulator: the Spark DAI vault's recorded changes
 * (Spark spell of 2025-01-09) against a holding of that vault and of another one. The holdings are
 * synthetic test vectors.
 */

let proposals: FeedProposal[] = [];
beforeAll(async () => {
  const node = fakeEvmNode([vaultAbi, morphoBlueAbi] as unknown as Abi[], sparkDaiState);
  const upstreams = createUpstreams({ endpoints: { ethereum: 'http://fake-node.invalid' }, fetch: node.fetch, env: {} });
  proposals = await vaultSource(ETHEREUM).readProposals({ signal: AbortSignal.timeout(5_000), now: new Date(), upstreams });
});

const holding = (vault: string, valueUsd = 25_000): ExposurePosition => ({
  position: { id: 'metamorpho-ethereum-x', protocol: 'morpho', asset: 'DAI', amount: String(valueUsd), user_address: '0x1111111111111111111111111111111111111111', valueUsd },
  inputs: { market: vaultMarket('ethereum', vault as `0x${string}`), role: 'supply', valueUsd, rewardFee: 0 },
});
const byTitle = (words: string) => proposals.find((proposal) => proposal.title.includes(words))!;

describe('the recorded vault changes through the simulator', () => {
  it('tells a holder of the Spark DAI vault what an executed cap cut did: no new supply to that market; in effect, so graded none', () => {
    const detail = simulateProposalInDetail(byTitle('PT-sUSDe-26Dec2024/DAI 91.5% cap cut'), [holding(SPARK_DAI_VAULT)], REGISTERED)!;
    expect(detail.effects).toEqual([expect.objectContaining({ level: 'low', simulated: true })]);
    expect(detail.impact.level).toBe('none');
    expect(detail.impact.summary).toMatch(/in effect.*your vault stops supplying to the PT-sUSDe-26Dec2024\/DAI 91\.5% market.*what you hold stays/);
    expect(detail.impact.estimatedImpactUsd).toBeUndefined();
  });

  it('grades the pending cap raise none for the holder', () => {
    const detail = simulateProposalInDetail(byTitle('raise the PT-sUSDe-27Mar2025'), [holding(SPARK_DAI_VAULT)], REGISTERED)!;
    expect(detail.impact.level).toBe('none');
    expect(detail.effects.map((effect) => effect.estimatedChange)).toContain('cap 400,000,000 → 500,000,000\u00a0DAI');
  });

  it('reaches no holder of another vault', () => {
    const other = holding(ETHEREUM.vaults[0]!.address);
    for (const proposal of proposals) expect(simulateProposal(proposal, [other], REGISTERED)).toBeNull();
  });

  it('prices a fee rise as a yearly loss through the shared yearly mathematics (net 4.5 % → 4 % on $10,000)', () => {
    const vault = ETHEREUM.vaults[0]!.address;
    const fee: FeedProposal = {
      ...proposals[0]!,
      id: 'morpho-ethvaults-1-0',
      status: 'passed',
      changes: [{ protocol: 'morpho', market: vaultMarket('ethereum', vault), asset: 'USDC', parameter: 'vaultFee', from: 0.1, to: 0.2, unit: 'fraction', evidence: 'test', verified: true }],
    };
    const position: ExposurePosition = { ...holding(vault, 10_000), inputs: { ...holding(vault, 10_000).inputs, apr: 0.045, rewardFee: 0.1 } };
    const impact = simulateProposal(fee, [position], REGISTERED)!;
    // 10,000 × (0.04 − 0.045) = −50 a year
    expect(impact.estimatedImpactUsd).toBe(-50);
    expect(impact.estimatedChange).toMatch(/\$50.*4\.5\u00a0% → 4\u00a0%/);
  });
});
