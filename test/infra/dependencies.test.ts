import { describe, expect, it } from 'vitest';
import { FEED_BUILDER_ENTRY } from '../../infra/functionProfiles.js';
import { govex, logicalIdOf, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

type Resources = Record<string, { Type: string; Properties?: unknown; DependsOn?: string | string[] }>;

/** Logical ids a value refers to through Ref and Fn::GetAtt (pseudo parameters excluded). */
function referencesIn(value: unknown, ids: Set<string>, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) referencesIn(item, ids, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'Ref' && typeof inner === 'string' && ids.has(inner)) found.add(inner);
      else if (key === 'Fn::GetAtt' && Array.isArray(inner) && ids.has(inner[0])) found.add(inner[0]);
      else referencesIn(inner, ids, found);
    }
  }
  return found;
}

/** Which resources each resource needs created first: what CloudFormation orders by. */
function dependencyGraph(): Map<string, Set<string>> {
  const resources = govex().template.toJSON().Resources as Resources;
  const ids = new Set(Object.keys(resources));
  return new Map(
    Object.entries(resources).map(([id, resource]) => {
      const needs = referencesIn(resource.Properties, ids);
      for (const dependency of [resource.DependsOn ?? []].flat()) needs.add(dependency);
      return [id, needs];
    }),
  );
}

function transitiveNeeds(graph: Map<string, Set<string>>, id: string, seen = new Set<string>()): Set<string> {
  for (const next of graph.get(id) ?? []) {
    if (!seen.has(next)) {
      seen.add(next);
      transitiveNeeds(graph, next, seen);
    }
  }
  return seen;
}

describe('creation order (PUBLIC_BASE_URL without a cycle)', () => {
  it('has no dependency cycle, so CloudFormation can create the stack', () => {
    const graph = dependencyGraph();
    const cyclic = [...graph.keys()].filter((id) => transitiveNeeds(graph, id).has(id));
    expect(cyclic).toEqual([]);
  });

  it('creates the distribution before the functions, and the functions before the routes', () => {
    const { stack, template } = govex();
    const graph = dependencyGraph();
    const ofType = (type: string) => Object.keys(template.findResources(type));
    const distribution = logicalIdOf(stack.node.findChild('Cdn').node.findChild('Distribution'));
    // Ours: CDK's custom-resource handlers that read the edge stack's ARNs come before the distribution, which uses them.
    const functions = new Set([...stack.functions.byEntry.values()].map((fn) => logicalIdOf(fn)));
    const routes = ofType('AWS::ApiGatewayV2::Route');
    // PUBLIC_BASE_URL: each HTTP function waits for the distribution's domain name (the builder has none).
    for (const [entry, fn] of stack.functions.byEntry) {
      if (entry !== FEED_BUILDER_ENTRY) expect(transitiveNeeds(graph, logicalIdOf(fn)), entry).toContain(distribution);
    }
    // Each route waits for the function it invokes.
    for (const route of routes) expect([...transitiveNeeds(graph, route)].some((id) => functions.has(id)), route).toBe(true);
    // The way out of the cycle: the distribution needs the Api resource, never a route or a function.
    const distributionNeeds = [...transitiveNeeds(graph, distribution)];
    expect(distributionNeeds.filter((id) => functions.has(id) || routes.includes(id))).toEqual([]);
    expect(distributionNeeds).toContain(logicalIdOf(stack.node.findChild('Http').node.findChild('Api')));
  });
});
