import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../infra/bundling.js';

/**
 * Runs the CDK app's entry as `cdk synth` does (`npx tsx infra/app.ts`, cdk.json), with the context
 * the CLI would pass in CDK_CONTEXT_JSON, and without a region unless a test gives one. No CDK_OUTDIR:
 * nothing is synthesized, the app only builds its stacks.
 */
function runApp(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  const { AWS_REGION: _region, CDK_DEFAULT_REGION: _default, AWS_DEFAULT_REGION: _other, CDK_CONTEXT_JSON: _context, CDK_OUTDIR: _outdir, ...inherited } = process.env;
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', join(PROJECT_ROOT, 'infra', 'app.ts')], { cwd: PROJECT_ROOT, env: { ...inherited, ...env } });
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr, stdout }));
  });
}

const context = (values: Record<string, unknown>) => ({ CDK_CONTEXT_JSON: JSON.stringify(values) });

// Each run loads aws-cdk-lib in a fresh process: seconds on a quiet machine, a minute on a busy one.
describe('the CDK app\'s entry (infra/app.ts) on bad input', { timeout: 180_000 }, () => {
  it.each([
    ['a short origin secret (no longer read at all)', { AWS_REGION: 'eu-west-1', ...context({ originSecret: 'short' }) }, /^govex: context originSecret is no longer read: .*drop -c originSecret=…$/],
    ['a malformed edge rate', { AWS_REGION: 'eu-west-1', ...context({ edgeRequestsPerMinute: 'lots' }) }, /^govex: context edgeRequestsPerMinute must be a whole number from 10 to 2000000000, got "lots"$/],
    ['an edge rate below what AWS WAF allows', { AWS_REGION: 'eu-west-1', ...context({ edgeRequestsPerMinute: 5 }) }, /^govex: context edgeRequestsPerMinute must be a whole number from 10/],
    ['no region', {}, /^govex: no region: set AWS_REGION/],
    ['a region that is no region', { AWS_REGION: 'mars-1' }, /^govex: region "mars-1" is not an AWS region name/],
  ])('says what is wrong with %s in one line on stderr, and exits non-zero', async (_case, env, message) => {
    const { code, stderr, stdout } = await runApp(env);
    expect(code).not.toBe(0);
    expect(stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(message)]);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stdout).toBe('');
  });

  it('builds both stacks without a word when the input is good', async () => {
    // Bundling skipped, as in the other infra tests: the twelve esbuild runs are not what is tested here.
    const { code, stderr } = await runApp({ AWS_REGION: 'eu-west-1', ...context({ edgeRequestsPerMinute: '600', 'aws:cdk:bundling-stacks': [] }) });
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});
