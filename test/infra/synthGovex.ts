import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { afterAll } from 'vitest';
import { GovexStack } from '../../infra/govexStack.js';

export const TEST_ORIGIN_SECRET = 'test-origin-secret-0123456789abcdef0123';

// Each synth stages its assets (CDK's 22 MB aws-cli layer among them): removed when the file's tests end.
const outdirs: string[] = [];
afterAll(() => {
  for (const outdir of outdirs.splice(0)) rmSync(outdir, { recursive: true, force: true });
});

/**
 * A fresh App for the Govex stack with bundling skipped (`aws:cdk:bundling-stacks: []`): the template
 * is the same, and a synth takes a fraction of a second instead of twelve esbuild runs.
 */
export function govexApp(context: Record<string, unknown> = {}): { app: App; outdir: string } {
  const outdir = mkdtempSync(join(tmpdir(), 'govex-cdk-'));
  outdirs.push(outdir);
  return { app: new App({ outdir, context: { 'aws:cdk:bundling-stacks': [], ...context } }), outdir };
}

let synthesized: { stack: GovexStack; template: Template } | undefined;

/** The stack and its template, synthesized once per test file. */
export function govex(): { stack: GovexStack; template: Template } {
  if (!synthesized) {
    const { app } = govexApp();
    const stack = new GovexStack(app, 'Govex', { originSecret: TEST_ORIGIN_SECRET });
    synthesized = { stack, template: Template.fromStack(stack) };
  }
  return synthesized;
}

/** The logical id a construct's CloudFormation resource has in the template. */
export const logicalIdOf = (construct: IConstruct): string =>
  Stack.of(construct).getLogicalId((construct.node.defaultChild ?? construct) as CfnElement);

/** The resources of one type, by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, { Properties: Record<string, any>; DependsOn?: string[] }> {
  return template.findResources(type) as Record<string, { Properties: Record<string, any> }>;
}
