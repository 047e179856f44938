import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changesOf } from '../../../shared/modules/aave/changesOf.js';
import { marketOfName } from '../../../shared/modules/aave/marketOfName.js';
import { marketOfPool } from '../../../shared/modules/aave/marketOfPool.js';
import { parseProposalText } from '../../../shared/modules/aave/parseProposalText.js';
import type { AfterChange } from '../../fixtures/raw/aave-real/extractDiff.js';
import { isServedKind, scoreProposal } from './realProposalScore.js';

// Published Aave v3 proposals (bgd-labs/aave-proposals-v3, see test/fixtures/aave-real/SOURCES.md; the
// Aave v2 diffs of the two that also change v2 markets are scored too):
// each text through the feed's own reading (parseProposalText, then changesOf), scored against the
// after-state transcribed from the published diff by test/fixtures/raw/aave-real/extractDiff.ts.
const folder = new URL('../../fixtures/aave-real/', import.meta.url);
const proposals = readdirSync(folder, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => {
    const text = parseProposalText(readFileSync(new URL(`${name}/proposal.md`, folder), 'utf8'))!;
    const after = JSON.parse(readFileSync(new URL(`${name}/after.json`, folder), 'utf8')) as AfterChange[];
    const read = changesOf(text.title ?? '', text.description).changes;
    return { name, text, after, read, score: scoreProposal(after, read) };
  });
const total = (pick: (score: ReturnType<typeof scoreProposal>) => unknown[]) => proposals.reduce((sum, { score }) => sum + pick(score).length, 0);

describe('published Aave v3 proposals through the feed’s text path (test/fixtures/aave-real)', () => {
  it('holds at least 30 proposals, each with a text and a non-empty published after-state', () => {
    expect(proposals.length).toBeGreaterThanOrEqual(30);
    for (const { name, text, after } of proposals) {
      expect(text, name).toBeDefined();
      expect(after.length, name).toBeGreaterThan(0);
    }
  });

  // Measured 2026-11-25: 245/254 exact (96.5 %), 4 spurious; the spurious ones are what the texts
  // say and the payloads did not do (a debt ceiling written $0 set to $1; LUSD named deprecated by a
  // title while its payloads moved only its rates), so that target is stated as not reached below.
  it('reads at most 4 changes the after-state contradicts or does not hold', () => {
    expect(total((score) => score.spurious)).toBeLessThanOrEqual(4);
  });

  it('reads at least 95 % of the changed parameters exactly (asset, market, parameter, value)', () => {
    const expected = total((score) => score.expected);
    const exact = total((score) => score.exact);
    const unserved = proposals.flatMap(({ after }) => after.filter((change) => !change.held && !isServedKind(change)).map((change) => change.parameter));
    const kinds = Object.entries(unserved.reduce<Record<string, number>>((counts, kind) => ({ ...counts, [kind]: (counts[kind] ?? 0) + 1 }), {}));
    console.log(`aave-real: ${proposals.length} proposals, ${exact}/${expected} changed parameters read exactly (${((100 * exact) / expected).toFixed(1)} %), ${total((score) => score.spurious)} spurious, ${total((score) => score.outside)} on markets with no published diff; not served: ${kinds.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`);
    const missed = proposals.filter(({ score }) => score.missed.length > 0).map(({ name, score }) => ({ name, missed: score.missed }));
    expect(exact / expected, JSON.stringify(missed, null, 1)).toBeGreaterThanOrEqual(0.95);
  });

  it.fails('reads no change the after-state contradicts or does not hold: target not reached', () => {
    const spurious = proposals
      .filter(({ score }) => score.spurious.length > 0)
      .map(({ name, score }) => ({ name, spurious: score.spurious.map(({ market, asset, eModeCategory, parameter, to, evidence }) => ({ market, asset, eModeCategory, parameter, to, evidence })) }));
    expect(spurious).toEqual([]);
  });
});

describe('the fixes the published texts asked for', () => {
  it('maps every instance name the tables use to a market, Core to the served one and the rest marked not served', () => {
    const table = (network: string) => changesOf('Update', `| Network | Asset | Current LTV | Proposed LTV |\n| --- | --- | --- | --- |\n| ${network} | WETH | 80% | 81% |`).changes[0]!;
    expect(table('Ethereum Core')).toMatchObject({ market: 'aave-v3-ethereum' });
    expect(table('Ethereum Core').evidence).not.toContain('not served');
    expect(table('Ethereum-main')).toMatchObject({ market: 'aave-v3-ethereum' });
    for (const [network, market] of [
      ['Ethereum Prime', 'aave-v3-ethereum-lido'],
      ['Ethereum Lido', 'aave-v3-ethereum-lido'],
      ['OP Mainnet', 'aave-v3-optimism'],
      ['BNBChain', 'aave-v3-bnb'],
      ['Polygon V2', 'aave-v2-polygon'],
    ]) {
      expect(table(network!), network).toMatchObject({ market });
      expect(table(network!).evidence, network).toContain(`market ${market}: not served`);
    }
  });

  it('names markets as the payload views do (marketOfPool on the pools’ network names)', () => {
    const networks = ['Ethereum', 'Ethereum Lido', 'Ethereum EtherFi', 'Ethereum Horizon', 'Arbitrum', 'Optimism', 'Polygon', 'Avalanche', 'BNB Smart Chain', 'Base', 'Gnosis', 'Scroll', 'Metis', 'ZkSync', 'Linea', 'Sonic', 'Celo', 'Plasma', 'Mantle', 'Soneium', 'Ink', 'XLayer', 'Monad'];
    expect(networks.map((network) => marketOfName(network))).toEqual(networks.map((network) => marketOfPool(1, network)));
  });

  it('takes the market from the heading above a table, else from the payloads the text links', () => {
    const link = (name: string) => `- Implementation: [x](https://github.com/bgd-labs/aave-proposals-v3/blob/main/src/x/${name}.sol)`;
    const headed = changesOf('Update', `### Prime Instance\n\n| Asset | Current RF | Proposed RF |\n| --- | --- | --- |\n| WETH | 10% | 15% |\n\n${link('AaveV3Ethereum_X_20250101')}\n${link('AaveV3EthereumLido_X_20250101')}`).changes;
    expect(headed.map(({ market }) => market)).toEqual(['aave-v3-ethereum-lido']);
    const bare = changesOf('WBTC Reserve Factor Increase', `| Parameter | Current | Recommended |\n| --- | --- | --- |\n| Reserve Factor | 20% | 50% |\n\n${link('AaveV3Ethereum_X_20250101')}\n${link('AaveV3Arbitrum_X_20250101')}`).changes;
    expect(bare.map(({ market, asset, to }) => [market, asset, to])).toEqual([
      ['aave-v3-ethereum', 'WBTC', 5000],
      ['aave-v3-arbitrum', 'WBTC', 5000],
    ]);
  });

  it('reads freezes and sunsets named in titles as shape changes on the named assets', () => {
    expect(changesOf('Freeze wstETH on Plasma', '- Implementation: [x](https://x/AaveV3Plasma_FreezeWstETHOnPlasma_20251111.sol)')).toMatchObject({
      changeType: 'shape',
      changes: [{ parameter: 'listing', to: 'frozen', asset: 'wstETH', market: 'aave-v3-plasma' }],
    });
    expect(changesOf('Sunset stMATIC on Polygon Instance', '').changes).toMatchObject([{ parameter: 'listing', to: 'deprecated', asset: 'stMATIC', market: 'aave-v3-polygon' }]);
  });
});
