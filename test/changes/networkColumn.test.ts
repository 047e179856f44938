import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeSnapshotProposal } from '../../shared/governance/snapshot/normalizeSnapshotProposal.js';
import type { SnapshotProposal } from '../../shared/governance/snapshot/snapshotProposal.js';
import { aaveInfo } from '../../shared/modules/aave/info.js';
import { runWhatIf } from '../../shared/whatIf/runWhatIf.js';

// A Network column names the market in every text path, so a row for another instance never lands
// on the account's own market. The table is synthetic, in the form of published Aave texts
// (test/fixtures/aave-real/DecreaseSlope1ParameterforStablecoinsonAaveV3_20250203/proposal.md).
const TABLE = ['| Network | Asset | Current LT | Proposed LT |', '| --- | --- | --- | --- |', '| Ethereum Core | WETH | 83% | 80% |', '| Ethereum Prime | WETH | 83% | 81% |', '| OP Mainnet | WETH | 83% | 82% |'].join('\n');

/** A real hub answer (test/fixtures/upstream/snapshot/ens-newest-proposal.json), its body replaced by the table. */
const recording = JSON.parse(readFileSync(new URL('../fixtures/upstream/snapshot/ens-newest-proposal.json', import.meta.url), 'utf8')) as {
  exchanges: { response: { data: { proposals: SnapshotProposal[] } } }[];
};
const ens = recording.exchanges[0]!.response.data.proposals[0]!;

describe('a Network column selects the market', () => {
  it('in the what-if: only the Core row reaches an account on the Core market', async () => {
    const account = {
      reserves: [
        { asset: 'WETH', suppliedUsd: 30000, borrowedUsd: 0, collateral: true, liquidationThreshold: 0.83, ltv: 0.805 },
        { asset: 'USDC', suppliedUsd: 0, borrowedUsd: 15000, collateral: false, liquidationThreshold: 0.78, ltv: 0.75 },
      ],
    };
    const result = await runWhatIf({ protocol: 'aave', account, proposal: { title: 'LT update', description: TABLE } });
    const lt = result.changes.filter((change) => change.parameter === 'liquidationThreshold');
    expect(lt.map(({ market, to, verdict }) => [market, to, verdict])).toEqual([
      ['aave-v3-ethereum', 0.8, 'corroborated'],
      ['aave-v3-ethereum-lido', 0.81, 'reaches_no_position'],
      ['aave-v3-optimism', 0.82, 'reaches_no_position'],
    ]);
    // Only the Core row moves the health factor: 30,000 × 0.80 / 15,000 = 1.60 (the Prime row would give 1.62).
    expect(result.impact).toMatchObject({ estimatedChange: 'health factor 1.66 → 1.60' });
  });

  it('in Snapshot texts, with the module’s market names', () => {
    const proposal = normalizeSnapshotProposal({ ...ens, body: TABLE }, { protocol: 'aave', now: new Date('2026-01-01T00:00:00Z'), marketOf: aaveInfo.tableMarket })!;
    expect(proposal.changes.map(({ market, to }) => [market, to])).toEqual([
      ['aave-v3-ethereum', 8000],
      ['aave-v3-ethereum-lido', 8100],
      ['aave-v3-optimism', 8200],
    ]);
  });
});
