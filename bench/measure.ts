/** One measured row: durations of repeated runs of the same work, in milliseconds. */
export interface Row {
  group: string;
  name: string;
  samples: number[];
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

/** Prints rows side by side: median, p99, and each median as a ratio of its group's first. */
export function printTable(rows: Row[]): void {
  const firstOfGroup = new Map<string, number>();
  const lines = rows.map((row) => {
    const sorted = [...row.samples].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    if (!firstOfGroup.has(row.group)) firstOfGroup.set(row.group, median);
    return [
      row.group,
      row.name,
      String(row.samples.length),
      median.toFixed(3),
      percentile(sorted, 99).toFixed(3),
      `${(median / firstOfGroup.get(row.group)!).toFixed(2)}×`,
      row.note ?? '',
    ];
  });
  const header = ['group', 'case', 'runs', 'median ms', 'p99 ms', 'ratio', 'note'];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  console.log(format(header));
  console.log(format(widths.map((width) => '-'.repeat(width))));
  for (const line of lines) console.log(format(line));
}
