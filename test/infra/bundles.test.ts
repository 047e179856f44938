import { isBuiltin } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Bundle, bundleAll, packageOf, packagesIn } from '../../bench/bundles.js';
import { ESBUILD_SETTINGS } from '../../infra/bundling.js';
import { FUNCTION_ENTRIES, profileOf } from '../../infra/functionProfiles.js';

// Build and test tooling: never in a Lambda.
const TOOLING = ['aws-cdk-lib', 'constructs', 'cdk-nag', 'esbuild', 'vitest', 'vite', 'typescript', 'tsx', 'dynalite', 's3rver', 'aws-sdk-client-mock', '@redocly/cli', 'playwright-core', 'fast-check'];
// Chain libraries: only functions that parse wallet addresses or talk to chains may carry them.
const isChainLibrary = (name: string) => /^(viem|ox|xrpl|@solana\/.*|@cosmjs\/.*|ripple-.*|@xrplf\/.*)$/.test(name);
// Functions that answer from constants and code alone. Not openapi: its examples are true answers
// of the scan pipeline on the demo wallets, and that pipeline reaches the registry's module loaders
// (esbuild bundles dynamic imports too; they are evaluated only when a live wallet needs them).
const WITHOUT_CHAINS = ['health', 'catalog', 'llms', 'notFound'];

let bundles: Map<string, Bundle>;
beforeAll(async () => {
  bundles = new Map((await bundleAll()).map((bundle) => [bundle.entry, bundle]));
}, 120_000);

/** `functions/health.ts → shared/... → node_modules/viem/...`: why a package is in a bundle. */
function importChain(bundle: Bundle, reaches: (path: string) => boolean): string {
  const inputs = bundle.metafile.inputs;
  const start = `functions/${bundle.entry}.ts`;
  const cameFrom = new Map<string, string>([[start, '']]);
  const queue = [start];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (reaches(path)) {
      const chain = [path];
      for (let at = cameFrom.get(path)!; at; at = cameFrom.get(at)!) chain.unshift(at);
      return chain.map((step) => step.replace(/^.*node_modules\//, '')).join(' → ');
    }
    for (const next of inputs[path]?.imports ?? []) {
      if (!next.external && !cameFrom.has(next.path)) {
        cameFrom.set(next.path, path);
        queue.push(next.path);
      }
    }
  }
  return '(no import path found)';
}

function offending(entry: string, forbidden: (name: string) => boolean): string[] {
  const bundle = bundles.get(entry)!;
  const names = [...packagesIn(bundle).keys()].filter(forbidden);
  // One chain per package is enough to see where it comes in.
  return names.map((name) => `${name}: ${importChain(bundle, (path) => packageOf(path) === name)}`);
}

describe('Lambda bundles (esbuild metafile, the stack\'s settings)', () => {
  it.each(FUNCTION_ENTRIES)('%s bundles no build or test tooling', (entry) => {
    expect(offending(entry, (name) => TOOLING.includes(name))).toEqual([]);
  });

  it.each(FUNCTION_ENTRIES.filter((entry) => entry !== 'openapi'))('%s leaves the OpenAPI generator out (only openapi builds the document)', (entry) => {
    expect(offending(entry, (name) => name === '@asteasolutions/zod-to-openapi')).toEqual([]);
  });

  it.each(WITHOUT_CHAINS)('%s carries no chain library (viem, @solana, @cosmjs, xrpl)', (entry) => {
    expect(offending(entry, isChainLibrary)).toEqual([]);
  });

  it.each(FUNCTION_ENTRIES.filter((entry) => profileOf(entry).usesTable))('%s bundles the pinned DynamoDB client rather than the runtime\'s', (entry) => {
    expect(packagesIn(bundles.get(entry)!).has('@aws-sdk/client-dynamodb')).toBe(true);
  });

  it('marks exactly the optional native and wasm modules external', () => {
    for (const bundle of bundles.values()) {
      const externals = Object.values(bundle.metafile.inputs).flatMap((input) => input.imports.filter((each) => each.external).map((each) => each.path));
      // Node's builtins aside, only the listed externals are left for the runtime to resolve.
      const unlisted = [...new Set(externals)].filter((path) => !isBuiltin(path) && !(ESBUILD_SETTINGS.external as readonly string[]).includes(path));
      expect(unlisted, bundle.entry).toEqual([]);
    }
  });

  it('emits ESM with the createRequire banner first', () => {
    for (const bundle of bundles.values()) {
      expect(new TextDecoder().decode(bundle.code.subarray(0, ESBUILD_SETTINGS.banner.length)), bundle.entry).toBe(ESBUILD_SETTINGS.banner);
    }
  });
});
