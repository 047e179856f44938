import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll } from 'vitest';
import type { GovexEdgeStack } from '../../infra/edgeStack.js';
import { addGovexStacks } from '../../infra/govexApp.js';
import type { GovexStack } from '../../infra/govexStack.js';

/** The service's region in tests: not us-east-1, so the edge stack's ARNs cross regions as they would for most deployers. */
export const TEST_REGION = 'eu-west-1';

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

interface Synthesized {
  stack: GovexStack;
  template: Template;
  edge: GovexEdgeStack;
  edgeTemplate: Template;
}
let synthesized: Synthesized | undefined;

/** Both stacks as infra/app.ts adds them, and their templates, synthesized once per test file. */
export function govex(): Synthesized {
  if (!synthesized) {
    const { app } = govexApp();
    const { service, edge } = addGovexStacks(app, { region: TEST_REGION });
    synthesized = { stack: service, template: Template.fromStack(service), edge, edgeTemplate: Template.fromStack(edge) };
  }
  return synthesized;
}

/**
 * Synthesizes the stacks before the file's tests, under a timeout of its own: a few seconds on a quiet
 * machine, over a minute on a loaded one, which would otherwise time out whichever test came first.
 */
export function synthesizeBeforeAll(): void {
  beforeAll(() => void govex(), 300_000);
}

/** The logical id a construct's CloudFormation resource has in the template. */
export const logicalIdOf = (construct: IConstruct): string =>
  Stack.of(construct).getLogicalId((construct.node.defaultChild ?? construct) as CfnElement);

/** The resources of one type, by logical id. */
export function resourcesOf(template: Template, type: string): Record<string, { Properties: Record<string, any>; DependsOn?: string[] }> {
  return template.findResources(type) as Record<string, { Properties: Record<string, any> }>;
}
