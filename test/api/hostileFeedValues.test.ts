import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_SLUGS } from '../../shared/modules/registry.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { ABIS, HOLDER, holderState } from '../exposure/syntheticEvmWallet.js';
import { syntheticChain } from '../exposure/syntheticChain.js';
import { hostileAnswers } from '../feed/hostileProposals.js';
import { buildWith, moduleAnswering } from '../feed/sourceReturning.js';
import { expectContract } from '../support/contract.js';
import { useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';

/*
 * Issue #19, Hardening: generated hostile upstream answers through every source into every
 * endpoint. Each module's source answers with generated proposals as its readProposals would
 * return them (the values of a hostile proposer or a broken upstream, wrong types included); the
 * real feed builder builds and stores the feed with its index and Atom files; the real handlers
 * answer every endpoint that reads it, a scan of a wallet the proposals' changes touch included.
 * No answer may be a 500, and every JSON answer must validate against the generated OpenAPI.
 * All values here are SYNTHETIC.
 */
const NOW = new Date('2026-11-24T12:00:00Z');
const RUNS = Number(process.env.HOSTILE_FEED_RUNS ?? 40);

const server = useServer(() => {
  const chain = syntheticChain(ABIS, holderState);
  return testServices({ now: () => NOW, config: { moduleDeadlineMs: 5_000 }, upstreams: createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} }) });
});

let current: Record<string, unknown[]> = {};
const seen = { served: 0, simulated: 0 };
const modules = PROTOCOL_SLUGS.map((slug) => moduleAnswering(slug, () => current[slug] ?? []));

/** GETs a path: never a 500; a JSON answer validates against the document; a page or file is text. */
async function expectServed(path: string, template?: string): Promise<void> {
  const response = await server.get(path);
  const body = await response.text();
  expect(response.status, `${path}: ${body.slice(0, 300)}`).not.toBe(500);
  expect([200, 404, 502], path).toContain(response.status);
  if (template) await expectContract(template, response, JSON.parse(body));
}

describe('hostile values from every source', () => {
  beforeAll(async () => {
    // The holder's positions read once (the scan cache keeps them at the fixed clock), so each run pays for matching only.
    await server.get(`/api/positions/${HOLDER}`);
  });

  it('never make an endpoint answer 500, and every answer holds to the contract', async () => {
    await fc.assert(
      fc.asyncProperty(hostileAnswers, async (generated) => {
        current = generated;
        // Each run from an empty feed: a previous run's proposals would stay as a source's last good ones.
        await server.services.feedStore.write({ builtAt: NOW.toISOString(), sources: {}, proposals: [] });
        const built = await buildWith(server.services, modules);
        for (const outcome of built.outcomes) expect(outcome.ok, `${outcome.source}: ${outcome.message}`).toBe(true);
        for (const query of ['', '?includeSpam=true', '?view=compact', '?includeSpam=true&view=compact', '?status=active,pending&limit=5', '?since=2026-01-01&protocol=aave,cosmoshub']) {
          await expectServed(`/api/proposals${query}`, '/api/proposals');
        }
        const ids = Object.values(generated).flat().flatMap((entry) => {
          const id = (entry as { id?: unknown }).id;
          return typeof id === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(id) ? [id] : [];
        });
        for (const id of ids) {
          for (const query of ['?includeSpam=true', '?includeSpam=true&view=compact']) await expectServed(`/api/proposals/${id}${query}`, '/api/proposals/{id}');
        }
        await expectServed(`/api/scan/${HOLDER}?includeSpam=true`, '/api/scan/{address}');
        const scan = (await (await server.get(`/api/scan/${HOLDER}?includeSpam=true`)).json()) as { proposals?: unknown[] };
        seen.simulated += scan.proposals?.length ?? 0;
        seen.served += built.feed.proposals.length;
        await expectServed(`/api/scan/${HOLDER}?view=compact`, '/api/scan/{address}');
        await expectServed(`/api/proposals?address=${HOLDER}&includeSpam=true`, '/api/proposals');
        if (ids[0]) await expectServed(`/api/proposals/${ids[0]}?address=${HOLDER}&includeSpam=true`, '/api/proposals/{id}');
        await expectServed('/api', '/api');
        await expectServed(`/w/${HOLDER}`);
        await expectServed('/');
        await expectServed('/feed.atom');
        // No script link survives into the JSON API.
        const feed = await (await server.get('/api/proposals?includeSpam=true')).text();
        expect(feed).not.toMatch(/"(javascript|data|vbscript|file):/i);
      }),
      { numRuns: RUNS },
    );
    // The property is about something: proposals reached the feed, and some were matched and simulated for the wallet.
    expect(seen.served).toBeGreaterThan(RUNS);
    expect(seen.simulated).toBeGreaterThan(0);
  }, Math.max(120_000, RUNS * 3_000));
});
