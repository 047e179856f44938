import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/api/operations.js';
import { govex, resourcesOf, synthesizeBeforeAll } from './synthGovex.js';

synthesizeBeforeAll();

// AWS's managed CachingDisabled policy.
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';

/*
 * POST /api/simulate in the stack (issue #24 item 5): its own function and route, and an edge that
 * lets POST through to it and never caches its answer (it falls under /api/*, which caches nothing).
 */
describe('POST /api/simulate in AWS', () => {
  it('has a route to its own function', () => {
    const { template } = govex();
    template.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `ANY ${OPERATIONS.simulate.path}` });
    const functions = Object.entries(resourcesOf(template, 'AWS::Lambda::Function'));
    expect(functions.some(([id]) => /simulate/i.test(id))).toBe(true);
  });

  it('is sent to the API by a behaviour that allows POST, caches only GET and HEAD, and caches nothing', () => {
    const { template } = govex();
    const [distribution] = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    const behaviours = distribution!.Properties.DistributionConfig.CacheBehaviors as { PathPattern: string; AllowedMethods: string[]; CachedMethods: string[]; CachePolicyId: string }[];
    // CloudFront takes the first pattern that matches: none before /api/* matches /api/simulate.
    const first = behaviours.find(({ PathPattern }) => new RegExp(`^${PathPattern.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`).test(OPERATIONS.simulate.path))!;
    expect(first.PathPattern).toBe('/api/*');
    expect(first.AllowedMethods).toContain('POST');
    expect(first.CachedMethods.sort()).toEqual(['GET', 'HEAD']);
    expect(first.CachePolicyId).toBe(CACHING_DISABLED);
  });
});
