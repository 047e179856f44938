/**
 * The Lambda bundles as the stack builds them (infra/bundling.ts holds the build): size, gzip
 * size, and the time a fresh Node process takes to import each one, against an empty handler's.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { buildFunctions, entryPath, filesOf } from '../infra/bundling.js';
import { FUNCTION_ENTRIES } from '../infra/functionProfiles.js';
import type { Row } from './measure.js';

/** The baseline row: bench/emptyHandler.ts, a handler that imports nothing, built the same way. */
export const EMPTY_HANDLER = 'emptyHandler';

export interface BundleRow {
  entry: string;
  /** What a cold start parses: the entry file and the chunks it imports statically. */
  bytes: number;
  gzipBytes: number;
  /** Median over fresh `node` processes of `await import(bundle)`, in ms (process start excluded). */
  coldLoadMs: number;
  /** Every sample of coldLoadMs, in ms, in the order taken. */
  samples: number[];
  /** Everything the function ships: with the chunks it loads on demand (a wallet kind's chain library, the AWS stores). */
  shippedBytes: number;
  /** How many files it ships (index.mjs and its chunks). */
  files: number;
}

export interface BundleFile {
  /** In the function's asset: `index.mjs` (the entry) or `chunks/…`. */
  path: string;
  code: Uint8Array;
  /** Loaded with the entry on every cold start; the others load on the first import() that needs them. */
  atColdStart: boolean;
}

export interface Bundle {
  entry: string;
  /** The entry file, index.mjs. */
  code: Uint8Array;
  /** Which input files went in, and how many bytes each left in each output (every file the function ships; keys as `files`' paths). */
  metafile: Metafile;
  files: BundleFile[];
}

/** `functions/<entry>.ts`, or the bench's empty handler. */
const sourceOf = (entry: string): string => (entry === EMPTY_HANDLER ? fileURLToPath(new URL('emptyHandler.ts', import.meta.url)) : entryPath(entry));

/**
 * Every function's bundle, in memory, from exactly the stack's build (an esbuild run per function,
 * with code splitting), each as the files its asset ships: `index.mjs` and the chunks it can load.
 */
export async function bundleAll(entries: readonly string[] = FUNCTION_ENTRIES): Promise<Bundle[]> {
  const build = await buildFunctions(Object.fromEntries(entries.map((entry) => [entry, sourceOf(entry)])), 'bundles', false);
  return entries.map((entry) => {
    const files = filesOf(entry, build.metafile).map(({ path, atColdStart }) => {
      const code = build.contents?.get(path);
      if (!code) throw new Error(`esbuild produced no ${path}`);
      return { path: path === `${entry}.mjs` ? 'index.mjs' : path, code, atColdStart, built: path };
    });
    const outputs = Object.fromEntries(files.map((file) => [file.path, build.metafile.outputs[file.built]!]));
    return { entry, code: files.find((file) => file.path === 'index.mjs')!.code, metafile: { inputs: build.metafile.inputs, outputs }, files: files.map(({ built: _built, ...file }) => file) };
  });
}

/** `node_modules/a/node_modules/@b/c/x.js` → `@b/c`: the innermost package, where the code really comes from. */
export function packageOf(path: string): string | undefined {
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const [scope, name] = path.slice(at + 'node_modules/'.length).split('/');
  return scope?.startsWith('@') ? `${scope}/${name}` : scope;
}

/**
 * The packages in a bundle (node_modules names), with the bytes each left in the output: in every
 * file it ships, or in `only` those files (e.g. the ones loaded at cold start).
 */
export function packagesIn(bundle: Bundle, only?: (file: BundleFile) => boolean): Map<string, number> {
  const packages = new Map<string, number>();
  const paths = new Set(bundle.files.filter((file) => !only || only(file)).map((file) => file.path));
  for (const [outputPath, output] of Object.entries(bundle.metafile.outputs)) {
    if (!paths.has(outputPath)) continue;
    for (const [path, input] of Object.entries(output.inputs)) {
      const name = packageOf(path);
      if (name) packages.set(name, (packages.get(name) ?? 0) + input.bytesInOutput);
    }
  }
  return packages;
}

const run = promisify(execFile);

// Prints how long the import took, measured inside the fresh process, so Node's own start is not counted.
const IMPORT_TIMER = 'const t = performance.now(); await import(process.argv[1]); console.log(performance.now() - t);';

async function coldLoadSamples(file: string, runs: number): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', IMPORT_TIMER, pathToFileURL(file).href], { timeout: 30_000 });
    samples.push(Number(stdout.trim()));
  }
  return samples;
}

const median = (samples: readonly number[]): number => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

/**
 * Rows for bench/run.ts: the empty handler first (the baseline), then each function's cold-start
 * size, gzip size and median cold import time. Functions are sampled in turns (one import of each,
 * then again), so a burst of load on the machine falls on all of them alike.
 */
export async function benchBundles(options: { runs?: number; entries?: readonly string[] } = {}): Promise<BundleRow[]> {
  const runs = options.runs ?? 7;
  const entries = [EMPTY_HANDLER, ...(options.entries ?? FUNCTION_ENTRIES).filter((entry) => entry !== EMPTY_HANDLER)];
  const dir = await mkdtemp(join(tmpdir(), 'govex-bundles-'));
  try {
    const bundles = await bundleAll(entries);
    for (const bundle of bundles) {
      for (const file of bundle.files) {
        const path = join(dir, bundle.entry, file.path);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, file.code);
      }
    }
    const samples = new Map(bundles.map((bundle) => [bundle.entry, [] as number[]]));
    for (let round = 0; round < runs; round++) {
      for (const bundle of bundles) samples.get(bundle.entry)!.push(...(await coldLoadSamples(join(dir, bundle.entry, 'index.mjs'), 1)));
    }
    return bundles.map((bundle) => {
      const atColdStart = bundle.files.filter((file) => file.atColdStart);
      const own = samples.get(bundle.entry)!;
      return {
        entry: bundle.entry,
        bytes: sum(atColdStart.map((file) => file.code.byteLength)),
        gzipBytes: sum(atColdStart.map((file) => gzipSync(file.code).byteLength)),
        coldLoadMs: median(own),
        samples: own,
        shippedBytes: sum(bundle.files.map((file) => file.code.byteLength)),
        files: bundle.files.length,
      };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * The cold loads as rows of bench/measure.ts's table, one group with the empty handler first, so
 * the table's ratio column reads "times an empty handler's". Names carry the cold-start size.
 */
export function coldLoadRows(rows: readonly BundleRow[]): Row[] {
  const ordered = [...rows].sort((a, b) => Number(b.entry === EMPTY_HANDLER) - Number(a.entry === EMPTY_HANDLER));
  return ordered.map((row) => ({
    group: 'Lambda cold load (fresh node, import() of the bundle)',
    name: `${row.entry} (${(row.bytes / 1024).toFixed(0)} KiB at cold start, ${(row.shippedBytes / 1024).toFixed(0)} KiB shipped)`,
    samples: row.samples,
  }));
}
