/**
 * Builds every Lambda (infra/bundling.ts) and lays out one asset folder per function:
 * `<outdir>/<entry>/index.mjs` and the chunks that entry can load. Run by infra/functionCode.ts in
 * a child process, because CDK's local bundling is synchronous and the build is not (its plugin
 * computes the OpenAPI examples). Usage: tsx infra/writeFunctionAssets.ts <outdir> [entry...]
 */
import { cp, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFunctions, entryPath, filesOf } from './bundling.js';
import { FUNCTION_ENTRIES } from './functionProfiles.js';

/** Where the build is written before each function's files are picked from it. */
const BUILD_DIR = '.all';

export async function writeFunctionAssets(outdir: string, entries: readonly string[] = FUNCTION_ENTRIES): Promise<void> {
  const built = join(outdir, BUILD_DIR);
  const { metafile } = await buildFunctions(Object.fromEntries(entries.map((entry) => [entry, entryPath(entry)])), built, true);
  for (const entry of entries) {
    for (const { path } of filesOf(entry, metafile)) {
      const target = join(outdir, entry, path === `${entry}.mjs` ? 'index.mjs' : path);
      await mkdir(dirname(target), { recursive: true });
      await cp(join(built, path), target);
    }
  }
  await rm(built, { recursive: true, force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [outdir, ...entries] = process.argv.slice(2);
  if (!outdir) throw new Error('usage: tsx infra/writeFunctionAssets.ts <outdir> [entry...]');
  await writeFunctionAssets(outdir, entries.length > 0 ? entries : FUNCTION_ENTRIES);
}
