import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changesOf } from '../../../shared/modules/aave/changesOf.js';
import { parseProposalText } from '../../../shared/modules/aave/parseProposalText.js';
import type { AfterChange } from '../../fixtures/raw/aave-real/extractDiff.js';
import { isServedKind, scoreProposal } from './realProposalScore.js';

// Published Aave v3 proposals (bgd-labs/aave-proposals-v3, see test/fixtures/aave-real/SOURCES.md):
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

  it('reads at least 95 % of the changed parameters exactly (asset, market, parameter, value)', () => {
    const expected = total((score) => score.expected);
    const exact = total((score) => score.exact);
    const unserved = proposals.flatMap(({ after }) => after.filter((change) => !isServedKind(change)).map((change) => change.parameter));
    const kinds = Object.entries(unserved.reduce<Record<string, number>>((counts, kind) => ({ ...counts, [kind]: (counts[kind] ?? 0) + 1 }), {}));
    console.log(`aave-real: ${proposals.length} proposals, ${exact}/${expected} changed parameters read exactly (${((100 * exact) / expected).toFixed(1)} %), ${total((score) => score.spurious)} spurious, ${total((score) => score.outside)} on markets with no published diff; not served: ${kinds.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`);
    const missed = proposals.filter(({ score }) => score.missed.length > 0).map(({ name, score }) => ({ name, missed: score.missed }));
    expect(exact / expected, JSON.stringify(missed, null, 1)).toBeGreaterThanOrEqual(0.95);
  });

  it('reads no change the after-state contradicts or does not hold', () => {
    const spurious = proposals
      .filter(({ score }) => score.spurious.length > 0)
      .map(({ name, score }) => ({ name, spurious: score.spurious.map(({ market, asset, eModeCategory, parameter, to, evidence }) => ({ market, asset, eModeCategory, parameter, to, evidence })) }));
    expect(spurious).toEqual([]);
  });
});
