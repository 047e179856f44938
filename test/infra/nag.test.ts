import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it, vi } from 'vitest';
import { addGovexStacks } from '../../infra/govexApp.js';
import { nagAcknowledgements } from '../../infra/nagAcknowledgements.js';
import type { ThrottleEnvelope } from '../../infra/throttleEnvelope.js';
import { govexApp, TEST_REGION } from './synthGovex.js';

interface Report {
  pluginReports: { pluginName: string; violations: { ruleName: string; severity: string; violatingConstructs?: unknown[] }[] }[];
}

/** Synthesizes both stacks with cdk-nag's AwsSolutions pack, as infra/app.ts does; returns the findings left. */
function nagFindings(options: { acknowledge: boolean; region?: string }) {
  const { app, outdir } = govexApp();
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // Without acknowledgements, to prove the pack does find things in this stack.
  const ignore = options.acknowledge ? undefined : vi.spyOn(Validations.prototype, 'acknowledge').mockImplementation(() => undefined);
  const { service: stack } = addGovexStacks(app, { region: options.region ?? TEST_REGION });
  ignore?.mockRestore();
  let failed = false;
  try {
    app.synth();
  } catch {
    failed = true;
  }
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as Report;
  const violations = report.pluginReports.filter((plugin) => plugin.pluginName === 'AwsSolutions').flatMap((plugin) => plugin.violations);
  return { failed, stack, errors: violations.filter((violation) => violation.severity === 'error'), warnings: violations.filter((violation) => violation.severity === 'warning') };
}

describe('cdk-nag AwsSolutions', () => {
  // Two stacks synthesized in full: minutes on a busy machine, where it is a few seconds on a quiet one.
  it.each([TEST_REGION, 'us-east-1'])('leaves no unacknowledged error or warning with the service in %s, so synth succeeds', { timeout: 240_000 }, (region) => {
    const { failed, errors, warnings } = nagFindings({ acknowledge: true, region });
    expect(errors.map((error) => error.ruleName)).toEqual([]);
    expect(warnings.map((warning) => warning.ruleName)).toEqual([]);
    expect(failed).toBe(false);
  });

  it('does find errors when the acknowledgements are taken away (the check is live)', () => {
    const { failed, errors } = nagFindings({ acknowledge: false });
    expect(failed).toBe(true);
    expect(errors.map((error) => error.ruleName)).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-APIG4', 'AwsSolutions-CFR4', 'AwsSolutions-SMG4', 'AwsSolutions-L1']));
  });

  it('has nothing to say about a missing web ACL any more (CFR2 is neither found nor acknowledged)', () => {
    const { warnings } = nagFindings({ acknowledge: false });
    expect(warnings.map((warning) => warning.ruleName)).not.toContain('AwsSolutions-CFR2');
    const { stack } = govexStacks();
    expect([...nagAcknowledgementsOf(stack).values()].flat().map(({ id }) => id)).not.toContain('AwsSolutions-CFR2');
  });

  it('gives every acknowledgement a reason of its own', () => {
    const { stack } = govexStacks();
    const entries = [...nagAcknowledgementsOf(stack).values()].flat();
    expect(entries.length).toBeGreaterThan(10);
    for (const { id, reason } of entries) {
      expect(id).toMatch(/^AwsSolutions-[A-Z0-9]+(\[.+\])?$/);
      // A sentence that says why, not a placeholder.
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });
});

function govexStacks() {
  const { app } = govexApp();
  return { stack: addGovexStacks(app, { region: TEST_REGION }).service };
}

function nagAcknowledgementsOf(stack: ReturnType<typeof govexStacks>['stack']) {
  return nagAcknowledgements({
    stack,
    bucket: stack.node.findChild('Feed').node.findChild('Bucket'),
    api: stack.node.findChild('Http'),
    distribution: stack.node.findChild('Cdn').node.findChild('Distribution'),
    functions: stack.functions,
    originSecret: stack.node.findChild('OriginSecret').node.findChild('Secret'),
    throttleEnvelope: stack.node.findChild('ThrottleEnvelope') as ThrottleEnvelope,
  });
}
