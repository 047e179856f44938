import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULES } from '../../shared/modules/registry.js';

const ROOT = join(import.meta.dirname, '../..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

describe('README', () => {
  it('names every protocol the service reads in its first bullet', () => {
    const first = README.split('\n').find((line) => line.startsWith('- '))!;
    for (const { name } of MODULES) expect(first, name).toContain(name);
  });

  it('links the API guide in the repository', () => {
    expect(README).toContain('](docs/api.md)');
  });

  it('links documentation only inside the repository: every relative link is a file here, none climbs out', () => {
    const targets = [...README.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^(https?:|mailto:|#)/.test(target));
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) {
      const path = resolve(ROOT, target.split('#')[0]!);
      expect(relative(ROOT, path).startsWith('..'), `${target} points outside the repository`).toBe(false);
      expect(existsSync(path), `${target} does not exist`).toBe(true);
    }
    expect(README).not.toMatch(/`\.\.\//);
  });
});
