import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const run = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/simulate.ts', ...args], { encoding: 'utf8', input, timeout: 60_000 });

describe('npm run simulate', () => {
  it('prints the simulation of a file as JSON', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'whatif-')), 'lido.json');
    writeFileSync(file, JSON.stringify({ protocol: 'lido', account: { stakedEth: 100, ethUsd: 3000, apr: 0.03, protocolFee: 0.1 }, changes: [{ parameter: 'protocolFee', to: 0.08 }] }));
    const result = run([file]);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout).impact.estimatedImpactUsd).toBe(200);
  });

  it.each([
    [[], undefined, 'usage'],
    [['-'], 'not json', 'is not JSON'],
    [['-'], '{"protocol":"aave"}', 'invalid input'],
    [['/no/such/file.json'], undefined, 'cannot read'],
    [['-'], JSON.stringify({ protocol: 'lido', account: { stakedEth: 100, apr: 0.03, protocolFee: 0.1 }, changes: [{ parameter: 'protocolFee', to: 10 }] }), 'changes[0].to: 10 must be from 0 to 1'],
    [['-'], JSON.stringify({ protocol: 'lido', account: { stakedEth: 100, apr: 0.03, protocolFee: 0.1 }, changes: [{ parameter: 'protocolFee', to: '0.08' }] }), 'changes[0].to: "0.08" must be a number, not a string'],
  ])('exits 2 with a message and no stack trace: %#', (args, input, message) => {
    const result = run(args as string[], input);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).toBe('');
  });

  it('prints the input formats with --help: every protocol it takes, the units and the parameters', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    for (const protocol of ['aave', 'compound', 'spark', 'morpho', 'lido', 'jito', 'cosmoshub', 'xrpl']) expect(result.stdout).toContain(`\n  ${protocol}: {`);
    expect(result.stdout).toContain('never 83');
    expect(result.stdout).toMatch(/a share as a fraction \(0\.8 for 80 %\): liquidationThreshold, ltv/);
  });
});
