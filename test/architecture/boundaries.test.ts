import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADDRESS_KINDS } from '../../shared/address/types.js';
import { MODULES } from '../../shared/modules/registry.js';

/*
 * The architecture's rules (../shared/design.md, "Never"), checked on the source itself, so a
 * change that breaks one fails here with the file and the line.
 */

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

const SHARED_CODE = ['shared', 'functions', 'web', 'local', 'infra'].flatMap(sourceFiles).filter((file) => !file.startsWith('shared/modules/'));

/**
 * Words that name a protocol beyond its slug and name: its products and the contracts people call
 * by name. Token symbols (stETH, JitoSOL's SOL) are assets, which every lending market may list,
 * and are not counted.
 */
const PRODUCT_WORDS: Readonly<Record<string, readonly string[]>> = {
  aave: ['gho'],
  jito: ['jitosol'],
  morpho: ['metamorpho'],
  spark: ['sparklend'],
};

/**
 * A module that governs a chain of its own shares the chain's names: the XRP Ledger's slug is its
 * address kind, and the Cosmos Hub is the chain the `cosmos` clients speak to. Those names may
 * appear where the chain is meant: the chain layer (address parsing, upstream clients and
 * endpoints) and, for an address kind, wherever wallets of that kind are handled.
 */
const CHAIN_LAYER = ['shared/address/', 'shared/upstream/'];
const namesAChain = (slug: string) => (ADDRESS_KINDS as readonly string[]).includes(slug) || slug === 'cosmoshub';

/** A name as a whole word, not inside a path, repository or identifier (`aave-v3-origin`, `bgd-labs/aave-…` cite sources). */
const asWord = (word: string) => new RegExp(`(?<![\\w./-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+')}(?![\\w/-])`, 'i');

describe('the architecture', () => {
  it('names no protocol in shared code outside shared/modules/ (demo data, examples and texts come from the registry)', () => {
    const found: string[] = [];
    for (const module of MODULES) {
      if ((ADDRESS_KINDS as readonly string[]).includes(module.slug)) continue;
      const words = [module.slug, module.name, ...(PRODUCT_WORDS[module.slug] ?? [])].map(asWord);
      for (const file of SHARED_CODE) {
        if (namesAChain(module.slug) && CHAIN_LAYER.some((layer) => file.startsWith(layer))) continue;
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .forEach((line, index) => {
            if (words.some((word) => word.test(line))) found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}`);
          });
      }
    }
    expect(found).toEqual([]);
  });

  const importsOf = (file: string) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((match) => match[1]!);
  const resolved = (file: string, specifier: string) => (specifier.startsWith('.') ? relative(ROOT, join(ROOT, file, '..', specifier)) : specifier);

  it('keeps the domain free of the HTTP edge: nothing in the domain imports shared/api/', () => {
    const DOMAIN = ['shared/domain', 'shared/contract', 'shared/simulate', 'shared/changes', 'shared/governance', 'shared/modules', 'shared/readers', 'shared/feed', 'shared/scan', 'shared/whatIf', 'shared/prices', 'shared/proposals'];
    const offending = DOMAIN.flatMap(sourceFiles).flatMap((file) => importsOf(file).filter((specifier) => resolved(file, specifier).startsWith('shared/api/')).map((specifier) => `${file} → ${specifier}`));
    expect(offending).toEqual([]);
  });

  it('keeps the AWS SDK inside the store adapters (shared/stores/aws/)', () => {
    const offending = ['shared', 'functions', 'web', 'local'].flatMap(sourceFiles).filter((file) => !file.startsWith('shared/stores/aws/')).filter((file) => importsOf(file).some((specifier) => specifier.startsWith('@aws-sdk/')));
    expect(offending).toEqual([]);
  });

  it('keeps the simulator pure: it imports no upstream, store, runtime or module', () => {
    const offending = sourceFiles('shared/simulate').flatMap((file) =>
      importsOf(file)
        .map((specifier) => resolved(file, specifier))
        .filter((target) => /^shared\/(upstream|stores|runtime|modules|scan|feed)\//.test(target) || /^(viem|@solana|@cosmjs|xrpl|node:)/.test(target))
        .map((target) => `${file} → ${target}`),
    );
    expect(offending).toEqual([]);
  });

  // What every module is written against: the component interfaces, the partial result an exposure
  // may throw, and the chain-by-chain read that throws it (protocol-free, shared by the multi-chain modules).
  const MODULE_CONTRACT = ['shared/modules/types.js', 'shared/modules/partialPositions.js', 'shared/modules/positionsOnChains.js'];

  it('keeps each module to itself: no module imports another module, a handler or the HTTP edge', () => {
    const offending = MODULES.flatMap(({ slug }) =>
      sourceFiles(`shared/modules/${slug}`).flatMap((file) =>
        importsOf(file)
          .map((specifier) => resolved(file, specifier))
          .filter((target) => (target.startsWith('shared/modules/') && !target.startsWith(`shared/modules/${slug}/`) && !MODULE_CONTRACT.includes(target)) || /^(functions|shared\/api|local|infra)\//.test(target))
          .map((target) => `${file} → ${target}`),
      ),
    );
    expect(offending).toEqual([]);
  });
});
