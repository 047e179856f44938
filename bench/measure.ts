/**
 * One row of the bench's one table: durations of repeated runs of the same work (milliseconds), or
 * a summary a load tool gave, or a figure without durations (a count, a size) in its note.
 */
export interface Row {
  group: string;
  name: string;
  samples?: number[];
  /** In place of samples, when the tool that measured gives only these (autocannon). */
  summary?: { runs: number; median: number; p99: number };
  /** Against what, and by how much; by default the median against the group's first row's. */
  compared?: string;
  note?: string;
}

export async function measure(group: string, name: string, work: () => Promise<unknown>, runs = 200, warmup = 20): Promise<Row> {
  for (let i = 0; i < warmup; i++) await work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    samples.push(performance.now() - started);
  }
  return { group, name, samples };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A row's runs, median and p99 (undefined for a figure without durations). */
export function summaryOf(row: Row): { runs: number; median: number; p99: number } | undefined {
  if (row.summary) return row.summary;
  if (!row.samples?.length) return undefined;
  const sorted = [...row.samples].sort((a, b) => a - b);
  return { runs: sorted.length, median: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export const TABLE_HEADER = ['group', 'case', 'runs', 'median ms', 'p99 ms', 'compared', 'note'] as const;

/** The table's cells: each row's median and p99, and its comparison (by default: against its group's first row). */
export function tableCells(rows: Row[]): string[][] {
  const firstOfGroup = new Map<string, number>();
  return rows.map((row) => {
    const summary = summaryOf(row);
    if (summary && !firstOfGroup.has(row.group)) firstOfGroup.set(row.group, summary.median);
    const first = firstOfGroup.get(row.group);
    const compared =
      row.compared ?? (summary && first !== undefined && first > 0 ? `${(summary.median / first).toFixed(2)}× (${summary.median - first >= 0 ? '+' : ''}${(summary.median - first).toFixed(1)} ms)` : '');
    return [row.group, row.name, summary ? String(summary.runs) : '', summary ? summary.median.toFixed(2) : '', summary ? summary.p99.toFixed(2) : '', compared, row.note ?? ''];
  });
}

/** The rows as one Markdown table: what `npm run bench` prints and README shows. */
export function formatTable(rows: Row[]): string {
  const lines = tableCells(rows);
  const widths = TABLE_HEADER.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: readonly string[]) => `| ${cells.map((cell, column) => cell.replace(/\|/g, '/').padEnd(widths[column]!)).join(' | ')} |`;
  return [format(TABLE_HEADER), format(widths.map((width) => '-'.repeat(width))), ...lines.map(format)].join('\n');
}

export function printTable(rows: Row[]): void {
  console.log(formatTable(rows));
}
