import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it, vi } from 'vitest';
import { GovexStack } from '../../infra/govexStack.js';
import { nagAcknowledgements } from '../../infra/nagAcknowledgements.js';
import { govexApp, TEST_ORIGIN_SECRET } from './synthGovex.js';

interface Report {
  pluginReports: { pluginName: string; violations: { ruleName: string; severity: string; violatingConstructs?: unknown[] }[] }[];
}

/** Synthesizes the stack with cdk-nag's AwsSolutions pack, as infra/app.ts does; returns the findings left. */
function nagFindings(options: { acknowledge: boolean }) {
  const { app, outdir } = govexApp();
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  // Without acknowledgements, to prove the pack does find things in this stack.
  const ignore = options.acknowledge ? undefined : vi.spyOn(Validations.prototype, 'acknowledge').mockImplementation(() => undefined);
  const stack = new GovexStack(app, 'Govex', { originSecret: TEST_ORIGIN_SECRET });
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
  it('leaves no unacknowledged error or warning, so synth succeeds', () => {
    const { failed, errors, warnings } = nagFindings({ acknowledge: true });
    expect(errors.map((error) => error.ruleName)).toEqual([]);
    expect(warnings.map((warning) => warning.ruleName)).toEqual([]);
    expect(failed).toBe(false);
  });

  it('does find errors when the acknowledgements are taken away (the check is live)', () => {
    const { failed, errors } = nagFindings({ acknowledge: false });
    expect(failed).toBe(true);
    expect(errors.map((error) => error.ruleName)).toEqual(expect.arrayContaining(['AwsSolutions-S1', 'AwsSolutions-APIG4', 'AwsSolutions-CFR4']));
  });

  it('gives every acknowledgement a reason of its own', () => {
    const { app } = govexApp();
    const stack = new GovexStack(app, 'Govex', { originSecret: TEST_ORIGIN_SECRET });
    const scopes = { stack, bucket: stack.node.findChild('Feed').node.findChild('Bucket'), api: stack.node.findChild('Http'), distribution: stack.node.findChild('Cdn').node.findChild('Distribution'), functions: stack.functions };
    const entries = [...nagAcknowledgements(scopes).values()].flat();
    expect(entries.length).toBeGreaterThan(10);
    for (const { id, reason } of entries) {
      expect(id).toMatch(/^AwsSolutions-[A-Z0-9]+(\[.+\])?$/);
      // A sentence that says why, not a placeholder.
      expect(reason.length, id).toBeGreaterThan(40);
    }
  });
});
