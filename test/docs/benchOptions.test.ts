import { describe, expect, it } from 'vitest';
import { benchOptions, README_END, README_START, withBenchBlock } from '../../bench/options.js';
import { readFileSync } from 'node:fs';

describe('npm run bench arguments (parsed, never run, here)', () => {
  it('writes nothing unless asked', () => {
    expect(benchOptions([])).toEqual({ write: false });
  });

  it('--write records the run', () => {
    expect(benchOptions(['--write'])).toEqual({ write: true });
  });

  it.each([['-w'], ['--Write'], ['write'], ['--write=false'], ['--dry-run']])('refuses %s before measuring anything', (arg) => {
    expect(() => benchOptions([arg])).toThrow(/unknown argument .*usage: npm run bench \[-- --write\]/);
  });
});

describe('README’s bench block', () => {
  it('is replaced between its markers, and only there', () => {
    const readme = `intro\n${README_START}\nold line\n| old | table |\n${README_END}\nafter`;
    expect(withBenchBlock(readme, 'Last run: now\n\n| new |')).toBe(`intro\n${README_START}\nLast run: now\n\n| new |\n${README_END}\nafter`);
  });

  it('refuses a README without the markers rather than writing somewhere else', () => {
    expect(() => withBenchBlock('no markers here', 'x')).toThrow(/no bench block/);
  });

  it('is present in README once', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme.split(README_START).length).toBe(2);
    expect(readme.indexOf(README_END)).toBeGreaterThan(readme.indexOf(README_START));
  });
});
