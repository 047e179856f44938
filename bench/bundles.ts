/**
 * The Lambda bundles as the stack builds them (infra/bundling.ts holds the one set of esbuild settings):
 * size, gzip size, and the time a fresh Node process takes to import each one.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { entryPath, ESBUILD_SETTINGS, PROJECT_ROOT } from '../infra/bundling.js';
import { FUNCTION_ENTRIES } from '../infra/functionProfiles.js';

export interface BundleRow {
  entry: string;
  bytes: number;
  gzipBytes: number;
  /** Median over fresh `node` processes of `await import(bundle)`, in ms (process start excluded). */
  coldLoadMs: number;
}

export interface Bundle {
  entry: string;
  code: Uint8Array;
  /** Which input files went in, and how many bytes each left in the output. */
  metafile: Metafile;
}

/**
 * Every function's bundle, in memory, with exactly the stack's settings. One esbuild call for all
 * entries: it parses the shared code once, which on two cores is several times faster than one call
 * per entry, and gives the same per-entry output as the stack's one-entry builds (no code splitting).
 */
export async function bundleAll(entries: readonly string[] = FUNCTION_ENTRIES): Promise<Bundle[]> {
  const result = await build({
    ...ESBUILD_SETTINGS,
    mainFields: [...ESBUILD_SETTINGS.mainFields],
    external: [...ESBUILD_SETTINGS.external],
    banner: { js: ESBUILD_SETTINGS.banner },
    entryPoints: Object.fromEntries(entries.map((entry) => [entry, entryPath(entry)])),
    bundle: true,
    absWorkingDir: PROJECT_ROOT,
    outdir: 'bundles',
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return entries.map((entry) => {
    const name = `bundles/${entry}.mjs`;
    const output = result.outputFiles.find((file) => file.path.endsWith(`/${name}`));
    const meta = result.metafile.outputs[name];
    if (!output || !meta) throw new Error(`esbuild produced no ${name}`);
    return { entry, code: output.contents, metafile: { inputs: result.metafile.inputs, outputs: { [name]: meta } } };
  });
}

/** `node_modules/a/node_modules/@b/c/x.js` → `@b/c`: the innermost package, where the code really comes from. */
export function packageOf(path: string): string | undefined {
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return undefined;
  const [scope, name] = path.slice(at + 'node_modules/'.length).split('/');
  return scope?.startsWith('@') ? `${scope}/${name}` : scope;
}

/** The packages in a bundle (node_modules names), with the bytes each left in the output. */
export function packagesIn(bundle: Bundle): Map<string, number> {
  const packages = new Map<string, number>();
  for (const output of Object.values(bundle.metafile.outputs)) {
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

async function coldLoadMs(file: string, runs: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', IMPORT_TIMER, pathToFileURL(file).href], { timeout: 30_000 });
    samples.push(Number(stdout.trim()));
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Rows for bench/run.ts: each function's bundle size, gzip size and median cold import time. */
export async function benchBundles(options: { runs?: number; entries?: readonly string[] } = {}): Promise<BundleRow[]> {
  const runs = options.runs ?? 7;
  const dir = await mkdtemp(join(tmpdir(), 'govex-bundles-'));
  try {
    const rows: BundleRow[] = [];
    for (const bundle of await bundleAll(options.entries)) {
      const file = join(dir, `${bundle.entry}.mjs`);
      await writeFile(file, bundle.code);
      rows.push({ entry: bundle.entry, bytes: bundle.code.byteLength, gzipBytes: gzipSync(bundle.code).byteLength, coldLoadMs: await coldLoadMs(file, runs) });
    }
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
