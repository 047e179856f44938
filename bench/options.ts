/**
 * What `npm run bench` was asked: only `--write` changes tracked files (README's table and
 * bench/results.json); a run without it prints its table and leaves the tree as it was, so a
 * measurement made to compare two changes never ends up in a commit by accident.
 */
export interface BenchOptions {
  write: boolean;
}

export const BENCH_USAGE = 'npm run bench [-- --write]   (--write: record this run in README and bench/results.json)';

/** The options of a bench run, from its arguments; anything but --write is refused before a figure is measured. */
export function benchOptions(args: readonly string[]): BenchOptions {
  let write = false;
  for (const arg of args) {
    if (arg === '--write') write = true;
    else throw new Error(`unknown argument ${JSON.stringify(arg)}; usage: ${BENCH_USAGE}`);
  }
  return { write };
}

export const README_START = '<!-- bench:start (npm run bench -- --write rewrites this block) -->';
export const README_END = '<!-- bench:end -->';

/** README with its bench block replaced by `block` (the run's line and table). Pure; throws if the markers are missing. */
export function withBenchBlock(readme: string, block: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start === -1 || end === -1 || end < start) throw new Error(`README has no bench block: ${README_START} … ${README_END}`);
  return `${readme.slice(0, start + README_START.length)}\n${block.trim()}\n${readme.slice(end)}`;
}
