import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseParameterTables } from '../../shared/changes/parseParameterTables.js';
import { type ExpectedChange, scoreTable } from './tableCorpus.js';

const folder = new URL('../fixtures/tables/', import.meta.url);
const tables = readdirSync(folder)
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .map((name) => ({
    name,
    body: readFileSync(new URL(name, folder), 'utf8'),
    expected: JSON.parse(readFileSync(new URL(name.replace(/\.md$/, '.expected.json'), folder), 'utf8')) as ExpectedChange[],
  }));
const scores = tables.map(({ name, body, expected }) => ({ name, ...scoreTable(expected, parseParameterTables(body)) }));

describe('the table corpus (test/fixtures/tables)', () => {
  it('holds at least 40 real tables, each citing its source', () => {
    expect(tables.length).toBeGreaterThanOrEqual(40);
    for (const { name, body } of tables) expect(body, name).toMatch(/^<!-- Source: https:\/\//);
  });

  it('reads at least 90 % of the expected changes exactly', () => {
    const expected = scores.reduce((sum, score) => sum + score.expected, 0);
    const correct = scores.reduce((sum, score) => sum + score.correct, 0);
    const spurious = scores.reduce((sum, score) => sum + score.spurious.length, 0);
    console.log(`table corpus: ${tables.length} files, ${correct}/${expected} expected changes read (${((100 * correct) / expected).toFixed(1)} %), ${spurious} spurious`);
    const missed = scores.filter((score) => score.missed.length > 0).map(({ name, missed }) => ({ name, missed }));
    expect(correct / expected, JSON.stringify(missed, null, 1)).toBeGreaterThanOrEqual(0.9);
  });

  it('invents no change a table does not make', () => {
    const spurious = scores.filter((score) => score.spurious.length > 0).map(({ name, spurious }) => ({ name, spurious: spurious.map(({ row, parameter, to }) => ({ row, parameter, to })) }));
    expect(spurious).toEqual([]);
  });
});
