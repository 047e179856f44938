import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/*
 * package.json's engines against what the installed dependencies declare (read from node_modules as
 * npm installed them; nothing is installed here). README, "Two commands", says the same.
 */
const ROOT = join(import.meta.dirname, '../..');
const declared: string = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node;

interface Installed {
  dir: string;
  name: string;
  version: string;
  node?: string;
  dependencies: Record<string, string>;
}

function installed(dir = join(ROOT, 'node_modules')): Installed[] {
  return readdirSync(dir).flatMap((entry) => {
    if (entry.startsWith('.')) return [];
    if (entry.startsWith('@')) return installed(join(dir, entry));
    const file = join(dir, entry, 'package.json');
    if (!existsSync(file)) return [];
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const nested = join(dir, entry, 'node_modules');
    return [{ dir: join(dir, entry), name: json.name, version: json.version, node: json.engines?.node, dependencies: json.dependencies ?? {} }, ...(existsSync(nested) ? installed(nested) : [])];
  });
}

/**
 * Dependencies allowed to need more than engines admits, and why that is harmless: the only
 * package that depends on it uses it in a command-line tool the service never runs (checked below:
 * none of its library entry points mentions it).
 */
const NEEDED_ONLY_BY_A_CLI: Record<string, { usedBy: string; entryPoints: string[] }> = {
  // @solana/errors' `errors` command decodes error codes in a terminal; its library is what we load.
  commander: { usedBy: '@solana/errors', entryPoints: ['dist/index.node.mjs', 'dist/index.node.cjs', 'dist/index.browser.mjs'] },
};

const packages = installed();

/** Where Node finds `name` when `dir`'s package imports it: the nearest node_modules holding it, walking up. */
function resolvedFrom(dir: string, name: string): string | undefined {
  for (let at = dir; at.startsWith(ROOT); at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
  }
  return undefined;
}
/** The lowest version of each range engines admits: `>=20.19 <21 || >=22.12` → 20.19.0 and 22.12.0. */
const lowest = semver.validRange(declared)!.split('||').map((range) => semver.minVersion(range)!.version);
const runsOn = (pkg: Installed, version: string) => !pkg.node || !semver.validRange(pkg.node) || semver.satisfies(version, pkg.node);

describe(`engines (${declared})`, () => {
  it('admits Node 20 (this machine, and CI) and Node 22 (Lambda nodejs22.x)', () => {
    expect(semver.satisfies(process.version, declared), process.version).toBe(true);
    expect(semver.intersects(declared, '22.x')).toBe(true);
    expect(lowest).toEqual(['20.19.0', '22.12.0']);
  });

  it.each(lowest)('every installed dependency runs on %s, save one needed only by a command-line tool', (version) => {
    const refusing = packages.filter((pkg) => !runsOn(pkg, version));
    for (const pkg of refusing) expect(Object.keys(NEEDED_ONLY_BY_A_CLI), `${pkg.name}@${pkg.version} needs Node ${pkg.node}`).toContain(pkg.name);
  });

  it('is no wider than the dependencies allow: just below each lowest version, some dependency refuses', () => {
    for (const below of ['20.18.0', '22.11.0']) expect(packages.some((pkg) => !NEEDED_ONLY_BY_A_CLI[pkg.name] && !runsOn(pkg, below)), below).toBe(true);
  });

  it.each(Object.entries(NEEDED_ONLY_BY_A_CLI).map(([name, use]) => [name, use.usedBy, use.entryPoints] as const))('%s is reached only through %s’s command-line tool', (name, usedBy, entryPoints) => {
    const refusingDirs = new Set(packages.filter((pkg) => pkg.name === name && !runsOn(pkg, lowest[0]!)).map((pkg) => pkg.dir));
    const dependents = packages.filter((pkg) => pkg.dependencies[name] && refusingDirs.has(resolvedFrom(pkg.dir, name) ?? ''));
    expect(dependents.map((pkg) => pkg.name)).toEqual([usedBy]);
    const user = dependents[0]!;
    expect(runsOn(user, lowest[0]!), `${usedBy} itself needs ${user.node}`).toBe(true);
    for (const entry of entryPoints) expect(readFileSync(join(user.dir, entry), 'utf8'), `${usedBy}/${entry}`).not.toContain(name);
  });
});
