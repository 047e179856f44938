import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildResult, type Metafile, type Plugin } from 'esbuild';

/** The repository root: the asset's source, and where entries and the lock file live. */
export const PROJECT_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** `functions/<entry>.ts`: one Lambda per file, each exporting `handler`. */
export const entryPath = (entry: string): string => join(PROJECT_ROOT, 'functions', `${entry}.ts`);

/** Chunks sit in one folder beside the entries; a function's asset keeps the same layout. */
export const CHUNK_DIR = 'chunks';

/**
 * The esbuild settings of every Lambda, in one place: the stack's assets (infra/functionCode.ts) and
 * the bundle bench both build with buildFunctions below, so what is measured is what is deployed.
 */
export const ESBUILD_SETTINGS = {
  target: 'node22',
  format: 'esm',
  platform: 'node',
  minify: true,
  sourcemap: false,
  /**
   * Code splitting, in a build per function (buildFunctions, which names each one's chunk folder):
   * each `import()` becomes its own chunk, loaded when it runs rather than parsed on every cold
   * start. The registry loads each protocol module with import(), the AWS stores and the ens
   * resolver are imported where chosen, so a function's cold start parses only its own code, and a
   * scan loads only its wallet kind's chain library (one 3.8 MB file each before: about 170 ms).
   */
  splitting: true,
  // `module` first: ESM builds of viem, zod and the SDK tree-shake far better than their CJS ones.
  mainFields: ['module', 'main'],
  // Bundled CJS dependencies (ws, xrpl's codecs) call require(); ESM output has no require of its own.
  // esbuild writes the banner atop every chunk too, so each has its own.
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
  /**
   * Never resolved at run time on our paths: bufferutil and utf-8-validate are ws's optional native
   * accelerators (ws falls back to JS), and @xrplf/mpt-crypto (a 2 MB wasm) is required lazily by
   * xrpl only for Confidential-MPT transactions, which a read-only API never builds.
   * The AWS SDK is deliberately NOT here: the pinned SDK is bundled, so a function does not change
   * behaviour when the runtime's preinstalled SDK does, and it loads about twice as fast
   * (../shared/research/toolchain.md §6).
   */
  external: ['bufferutil', 'utf-8-validate', '@xrplf/mpt-crypto'],
} as const;

const EXAMPLES_MODULE = /[\\/]build[\\/]exampleBodies\.ts$/;

/**
 * The OpenAPI examples, computed now and bundled as data. They are true answers of the scan pipeline
 * on the demo wallets under a fixed clock; run at build time, the openapi function carries neither
 * that pipeline nor the chain libraries its modules load. Outside a bundle (tests, the local server)
 * the module runs as written, so both give the same document.
 */
export const examplesAtBuildTime: Plugin = {
  name: 'openapi-examples-at-build-time',
  setup(builder) {
    builder.onLoad({ filter: EXAMPLES_MODULE }, async () => {
      const { exampleBodies } = await import('../build/exampleBodies.js');
      return { contents: `export const exampleBodies = async () => (${JSON.stringify(await exampleBodies())});`, loader: 'js' };
    });
  },
};

/**
 * @middy/core imports node:stream, node:stream/promises and node:stream/web at its top for
 * streamifyResponse, which no function of ours uses; loading them is about 10 ms of every cold
 * start. Its imports of them get stand-ins that load the real module the first time one is used,
 * so a streamed response would still work, and nothing else changes.
 */
const MIDDY_STREAM_MODULES: Record<string, string> = {
  'node:stream': "export const Readable = { from: (...args) => process.getBuiltinModule('node:stream').Readable.from(...args) };",
  'node:stream/promises': "export const pipeline = (...args) => process.getBuiltinModule('node:stream/promises').pipeline(...args);",
  'node:stream/web': "export class ReadableStream { static [Symbol.hasInstance](value) { return value instanceof process.getBuiltinModule('node:stream/web').ReadableStream; } }",
};

export const middyStreamsOnDemand: Plugin = {
  name: 'middy-streams-on-demand',
  setup(builder) {
    builder.onResolve({ filter: /^node:stream(\/promises|\/web)?$/ }, (args) =>
      /[\\/]@middy[\\/]core[\\/]/.test(args.importer) ? { path: args.path, namespace: 'middy-streams' } : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: 'middy-streams' }, (args) => ({ contents: MIDDY_STREAM_MODULES[args.path], loader: 'js' }));
  },
};

export interface FunctionsBuild {
  /** Output paths are relative to the build's outdir: `<entry>.mjs` and `chunks/<entry>/…`. */
  metafile: Metafile;
  /** The files' contents when the build was not written to disk. */
  contents?: ReadonlyMap<string, Uint8Array>;
}

/**
 * Every entry in its own esbuild run with code splitting, the runs at once: `functions/<entry>.ts` →
 * `<outdir>/<entry>.mjs`, its on-demand code → `<outdir>/chunks/<entry>/`. A function's cold start
 * then loads its own code as one file, and a chunk only for what it imports when a request needs it.
 * One run for all entries parsed the shared code once (about 3 s against 11 on two cores), but split
 * it into chunks by which entries share it, and a cold start paid for each file: health imported 12,
 * catalog 27 and scan 48, for 12, 21 and 52 ms over an empty handler against 5, 6 and 40 ms built
 * apart (fresh node processes importing both builds in turns, 11 rounds, medians). Each function
 * ships only the files it can reach (filesOf).
 *
 * @example const { metafile } = await buildFunctions({ health: entryPath('health') }, '.build/lambda', true);
 */
export async function buildFunctions(entryPoints: Record<string, string>, outdir: string, write: boolean): Promise<FunctionsBuild> {
  const absoluteOutdir = resolve(PROJECT_ROOT, outdir);
  const builds = await Promise.all(Object.entries(entryPoints).map(([entry, path]) => buildOne(entry, path, absoluteOutdir, write)));
  const metafile: Metafile = { inputs: {}, outputs: {} };
  const contents = new Map<string, Uint8Array>();
  for (const built of builds) {
    Object.assign(metafile.inputs, built.metafile.inputs);
    Object.assign(metafile.outputs, built.metafile.outputs);
    for (const [path, code] of built.contents ?? []) contents.set(path, code);
  }
  return { metafile, ...(!write && { contents }) };
}

async function buildOne(entry: string, path: string, absoluteOutdir: string, write: boolean): Promise<FunctionsBuild> {
  const result: BuildResult<{ metafile: true }> = await build({
    ...ESBUILD_SETTINGS,
    // Each entry's chunks in a folder of its own: two runs may not write a file of the same name.
    chunkNames: `${CHUNK_DIR}/${entry}/[name]-[hash]`,
    mainFields: [...ESBUILD_SETTINGS.mainFields],
    external: [...ESBUILD_SETTINGS.external],
    banner: { js: ESBUILD_SETTINGS.banner },
    entryPoints: { [entry]: path },
    bundle: true,
    absWorkingDir: PROJECT_ROOT,
    outdir: absoluteOutdir,
    outExtension: { '.js': '.mjs' },
    plugins: [examplesAtBuildTime, middyStreamsOnDemand],
    write,
    metafile: true,
    logLevel: 'warning',
  });
  // The metafile names outputs from the working directory; the assets name them from the outdir.
  const prefix = `${relativeTo(PROJECT_ROOT, absoluteOutdir)}/`;
  const strip = (output: string) => (output.startsWith(prefix) ? output.slice(prefix.length) : output);
  const outputs = Object.fromEntries(
    Object.entries(result.metafile.outputs).map(([output, file]) => [strip(output), { ...file, imports: file.imports.map((each) => (each.external ? each : { ...each, path: strip(each.path) })) }]),
  );
  const contents = result.outputFiles && new Map(result.outputFiles.map((file) => [relativeTo(absoluteOutdir, file.path), file.contents]));
  return { metafile: { inputs: result.metafile.inputs, outputs }, ...(contents && { contents }) };
}

const relativeTo = (root: string, path: string): string => relative(root, path).replaceAll('\\', '/');

export interface FunctionFile {
  /** Relative to the build's outdir. */
  path: string;
  /** Imported (transitively, statically) when the entry itself is: parsed on every cold start. */
  atColdStart: boolean;
}

/**
 * The files one entry can ever load: its own, the chunks it imports statically (loaded with it on a
 * cold start) and those it reaches through import() (loaded when a request first needs them).
 */
export function filesOf(entry: string, metafile: Metafile): FunctionFile[] {
  const start = `${entry}.mjs`;
  if (!metafile.outputs[start]) throw new Error(`the build has no ${start}`);
  const atColdStart = reach(metafile, [start], false);
  return [...reach(metafile, [start], true)].map((path) => ({ path, atColdStart: atColdStart.has(path) }));
}

/** Output files reachable from `from`, following import() too when `onDemand`. */
export function reach(metafile: Metafile, from: readonly string[], onDemand: boolean): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  while (queue.length > 0) {
    for (const next of metafile.outputs[queue.shift()!]?.imports ?? []) {
      if (next.external || (next.kind === 'dynamic-import' && !onDemand) || seen.has(next.path)) continue;
      seen.add(next.path);
      queue.push(next.path);
    }
  }
  return seen;
}
