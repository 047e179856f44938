import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { PROJECT_ROOT } from './bundling.js';

/** The ESM entry of every function's asset: `index.mjs`, exporting `handler`. */
export const FUNCTION_HANDLER = 'index.handler';

let assets: string | undefined;

/**
 * Every function's asset folder, built once per synth on first need (CDK skips bundling for stacks
 * it is not asked to bundle, so tests that skip it never build). A child process, because CDK's
 * local bundling is synchronous; it runs the repository's own esbuild, no Docker and no network.
 */
function functionAssets(): string {
  if (!assets) {
    const dir = mkdtempSync(join(tmpdir(), 'govex-lambda-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    execFileSync(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'infra', 'writeFunctionAssets.ts'), dir], { cwd: PROJECT_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    assets = dir;
  }
  return assets;
}

/**
 * A function's code: `index.mjs` and only the chunks that entry can load, from the one split build
 * of infra/bundling.ts. Not NodejsFunction: it bundles one entry into one file (`--outfile`), and
 * esbuild splits code only into an outdir, so every function would parse every chain library it can
 * reach on each cold start. The asset's hash is its output's, as NodejsFunction's is.
 */
export function functionCode(entry: string): Code {
  return Code.fromAsset(PROJECT_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type, never pulled: local bundling always succeeds or throws.
      image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
      // CDK caches staged assets by their options, and a tryBundle function does not count: without
      // the entry among them, every function would be given the first one's code.
      environment: { GOVEX_FUNCTION_ENTRY: entry },
      local: {
        tryBundle(outputDir) {
          cpSync(join(functionAssets(), entry), outputDir, { recursive: true });
          return true;
        },
      },
    },
  });
}
