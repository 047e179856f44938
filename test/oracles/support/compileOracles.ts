import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Abi, Hex } from 'viem';
import type { OracleTarget } from './oracleTargets.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const SOLIDITY = join(ROOT, 'test/oracles/solidity');
const NODE_MODULES = join(ROOT, 'node_modules');
/**
 * Outside git, beside npm's own caches: one compile per machine, not per run. GOVEX_ORACLE_CACHE_DIR
 * moves it (and the sources in it): an empty folder gives a clean clone's run without touching this one.
 */
export const CACHE_DIR = process.env.GOVEX_ORACLE_CACHE_DIR ? resolve(process.env.GOVEX_ORACLE_CACHE_DIR) : join(NODE_MODULES, '.cache/govex-oracles');
/** The import prefix our targets' remappings give the published sources (oracleTargets.ts). */
const PUBLISHED_PREFIX = '.cache/govex-oracles/sources/';
/**
 * Where published sources are extracted (publishedSources.ts). GOVEX_ORACLE_SOURCES_DIR moves it:
 * pointed at an empty folder, a run sees what a clean clone sees without touching the shared cache.
 */
export const SOURCES_DIR = process.env.GOVEX_ORACLE_SOURCES_DIR ? resolve(process.env.GOVEX_ORACLE_SOURCES_DIR) : join(CACHE_DIR, 'sources');

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

interface CacheEntry {
  /** Every source solc read, with the sha256 it had: a changed file anywhere misses the cache. */
  sources: Record<string, string>;
  contracts: Record<string, CompiledContract>;
}

export const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** Whether an import path is one of our harnesses (test/oracles/solidity/, by bare name), not a protocol's source. */
export const isOurs = (path: string) => !path.includes('/') && existsSync(join(SOLIDITY, path));
/** Our harness file of that name. */
export const harnessPath = (file: string) => join(SOLIDITY, file);

/** Where an import path lives: our harnesses by their bare name, published sources in SOURCES_DIR, everything else under node_modules. */
const sourcePath = (path: string) => (isOurs(path) ? join(SOLIDITY, path) : path.startsWith(PUBLISHED_PREFIX) ? join(SOURCES_DIR, path.slice(PUBLISHED_PREFIX.length)) : join(NODE_MODULES, path));

/** The standard-JSON settings a target compiles with (recorded in its committed artifact, compiledArtifacts.ts). */
export const settingsOf = (target: OracleTarget) => ({
  optimizer: { enabled: true, runs: 200 },
  evmVersion: target.evmVersion,
  metadata: { bytecodeHash: 'none' },
  ...(target.viaIR && { viaIR: true }),
  remappings: [...target.remappings],
  outputSelection: { [target.file]: { '*': ['abi', 'evm.bytecode.object'] } },
});

interface Solc {
  version(): string;
  compile(input: string, callbacks: { import(path: string): { contents: string } | { error: string } }): string;
}

/** The solc-js build's version without loading its 8 MB soljson: the package.json says it. */
export const compilerVersion = (target: OracleTarget) => (JSON.parse(readFileSync(join(NODE_MODULES, target.compiler, 'package.json'), 'utf8')) as { version: string }).version;

/** The key of a target's cache entry: compiler, settings and the harness itself; the sources it imports are checked by hash inside the entry. */
const keyOf = (target: OracleTarget) => sha256(JSON.stringify([compilerVersion(target), settingsOf(target), readFileSync(join(SOLIDITY, target.file), 'utf8')]));

function cached(path: string): CacheEntry | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const entry = JSON.parse(readFileSync(path, 'utf8')) as CacheEntry;
    for (const [source, hash] of Object.entries(entry.sources)) {
      const file = sourcePath(source);
      if (!existsSync(file) || sha256(readFileSync(file)) !== hash) return undefined;
    }
    return entry;
  } catch {
    return undefined;
  }
}

/**
 * One harness compiled with solc-js (standard JSON, imports read from node_modules), from the
 * cache when the compiler, the settings and every source it read are unchanged.
 */
export function compileOracle(target: OracleTarget, fresh = false): { contracts: Record<string, CompiledContract>; sources: Record<string, string>; fromCache: boolean } {
  mkdirSync(CACHE_DIR, { recursive: true });
  const path = join(CACHE_DIR, `${target.file.replace(/\.sol$/, '')}-${keyOf(target)}.json`);
  // fresh: solc runs even where the cache holds the compile (compiledArtifacts.test.ts's recompile).
  const hit = !fresh && cached(path);
  if (hit) return { ...hit, fromCache: true };

  const solc = createRequire(import.meta.url)(target.compiler) as Solc;
  const sources: Record<string, string> = {};
  const read = (source: string) => {
    const text = readFileSync(sourcePath(source), 'utf8');
    sources[source] = sha256(text);
    return text;
  };
  const input = { language: 'Solidity', sources: { [target.file]: { content: read(target.file) } }, settings: settingsOf(target) };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), {
      import: (source) => {
        try {
          return { contents: read(source) };
        } catch (error) {
          return { error: `not found: ${source} (${(error as Error).message})` };
        }
      },
    }),
  ) as { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(`${target.file} does not compile with ${target.compiler} ${solc.version()}:\n${errors.map((error) => error.formattedMessage).join('\n')}`);

  const contracts: Record<string, CompiledContract> = {};
  for (const name of target.contracts) {
    const compiled = output.contracts[target.file]?.[name];
    if (!compiled) throw new Error(`${target.file} has no contract ${name}`);
    contracts[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  }
  // Written whole then renamed: a second run compiling at the same time never reads half a file.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ sources, contracts } satisfies CacheEntry));
  renameSync(temporary, path);
  return { contracts, sources, fromCache: false };
}

type Compiled = ReturnType<typeof compileOracle>;

/**
 * compileOracle in a worker thread. The worker loads compileWorker.ts through tsx's tsImport (the
 * loader the project's scripts run with): a worker does not take `--import` from its options.
 */
const WORKER_SOURCE = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(fileURLToPath(new URL('./compileWorker.ts', import.meta.url)))}, ${JSON.stringify(import.meta.url)}))`;
const inWorker = (target: OracleTarget, fresh: boolean): Promise<Compiled> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { target, fresh } });
    worker.once('message', (compiled: Compiled) => resolve(compiled));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`compiling ${target.file} exited with ${code}`)));
  });

/**
 * Every harness, from the cache where it holds them; the others compiled side by side in worker
 * threads (a cold compile is 5 to 10 s of one core per harness, CI's first run pays it).
 */
export async function compileOracles(targets: readonly OracleTarget[], { fresh = false } = {}): Promise<Compiled[]> {
  const cachedOnes = targets.map((target) => {
    const hit = !fresh && cached(join(CACHE_DIR, `${target.file.replace(/\.sol$/, '')}-${keyOf(target)}.json`));
    return hit ? { ...hit, fromCache: true } : undefined;
  });
  const misses = targets.filter((_, index) => !cachedOnes[index]);
  const compiled = misses.length > 1 ? await Promise.all(misses.map((target) => inWorker(target, fresh))) : misses.map((target) => compileOracle(target, fresh));
  return targets.map((_, index) => cachedOnes[index] ?? compiled.shift()!);
}
