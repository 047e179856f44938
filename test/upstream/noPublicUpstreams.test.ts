import { describe, expect, it } from 'vitest';
import { UPSTREAM_IDS } from '../../shared/upstream/endpoints.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';

describe('the test environment', () => {
  it('points every upstream built from the environment at this machine, so no test reaches a public endpoint', () => {
    for (const id of UPSTREAM_IDS) expect(new URL(createUpstreams()[id].url).hostname, id).toBe('127.0.0.1');
  });
});
