import type { TableChange } from '../../shared/changes/parseParameterTables.js';

/** One change as a corpus file's `.expected.json` writes it, by hand, from reading the table. */
export interface ExpectedChange {
  asset?: string;
  eModeCategory?: number;
  parameter: string;
  unit: string;
  from?: number;
  to: number;
}

export interface CorpusScore {
  expected: number;
  correct: number;
  /** Changes the extractor read that the table does not make: no expected change has that parameter and target. */
  spurious: TableChange[];
  /** Expected changes the extractor did not read exactly (missed, or read with another asset, unit or from). */
  missed: ExpectedChange[];
}

// Percent cells divided by 100 leave binary dust (9.75 / 100); a table states at most 4 decimals of a fraction.
const same = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? a === b : Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(a)));

const matches = (expected: ExpectedChange, actual: TableChange) =>
  expected.asset === actual.asset &&
  expected.eModeCategory === actual.eModeCategory &&
  expected.parameter === actual.parameter &&
  expected.unit === actual.unit &&
  same(expected.from, actual.from) &&
  same(expected.to, actual.to);

/**
 * Scores one table's extracted changes against the hand-written ones: each expected change is
 * correct when an extracted change matches it on every field (each extracted change counted once).
 * An extracted change is spurious when no expected change has its parameter and target value at all:
 * the extractor invented a change, rather than attributing a real one to the wrong asset.
 */
export function scoreTable(expected: ExpectedChange[], actual: TableChange[]): CorpusScore {
  const unused = [...actual];
  const missed: ExpectedChange[] = [];
  for (const change of expected) {
    const index = unused.findIndex((candidate) => matches(change, candidate));
    if (index >= 0) unused.splice(index, 1);
    else missed.push(change);
  }
  const spurious = unused.filter((change) => !expected.some((wanted) => wanted.parameter === change.parameter && same(wanted.to, change.to)));
  return { expected: expected.length, correct: expected.length - missed.length, spurious, missed };
}
