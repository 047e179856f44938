import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';

/** The repository root: NodejsFunction's projectRoot, and where entries and the lock file live. */
export const PROJECT_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** `functions/<entry>.ts`: one Lambda per file, each exporting `handler`. */
export const entryPath = (entry: string): string => join(PROJECT_ROOT, 'functions', `${entry}.ts`);

/**
 * The esbuild settings of every Lambda, in one place: the stack's NodejsFunctions and the bundle
 * bench both read them, so what is measured is what is deployed.
 */
export const ESBUILD_SETTINGS = {
  target: 'node22',
  format: 'esm',
  platform: 'node',
  minify: true,
  sourcemap: false,
  // `module` first: ESM builds of viem, zod and the SDK tree-shake far better than their CJS ones.
  mainFields: ['module', 'main'],
  // Bundled CJS dependencies (ws, xrpl's codecs) call require(); ESM output has no require of its own.
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

/** The same settings in NodejsFunction's vocabulary. */
export const NODEJS_BUNDLING: BundlingOptions = {
  target: ESBUILD_SETTINGS.target,
  format: OutputFormat.ESM,
  minify: ESBUILD_SETTINGS.minify,
  sourceMap: ESBUILD_SETTINGS.sourcemap,
  mainFields: [...ESBUILD_SETTINGS.mainFields],
  banner: ESBUILD_SETTINGS.banner,
  externalModules: [...ESBUILD_SETTINGS.external],
  // Local esbuild from node_modules: no Docker on the build machines, and the same binary as the bench.
  forceDockerBundling: false,
};
