import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_SLUGS, type ProtocolSlug } from '../../shared/modules/registry.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { ABIS, HOLDER, holderState } from '../exposure/syntheticEvmWallet.js';
import { syntheticChain } from '../exposure/syntheticChain.js';
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

const LONE_SURROGATES = ['\uD800', 'a\uDC00b', '\uDBFF\uDBFF'];
const CONTROLS = ['\u0000', 'a\u0007b', '\u001B[31mred', '\u0085next', 'line\r\nbreak', '\u007F'];
const UNICODE_ODDITIES = ['\u202Egnp.exe', 'zero\u200Bwidth', '\uFEFFbom', 'e\u0301\u0301\u0301', '𝕬𝖆𝖛𝖊', '💩'.repeat(300), '\u2028\u2029', 'ﷺ'.repeat(50)];

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 80 }) },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...LONE_SURROGATES, ...CONTROLS, ...UNICODE_ODDITIES, '', '<script>alert(1)</script>'),
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'A'.repeat(length)),
  fc.constantFrom(42, NaN, null, true, {}, [], ['array']),
);

const date = fc.oneof(
  { weight: 3, arbitrary: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((value) => value.toISOString()) },
  // Year 10000 and later, as Date#toISOString writes them, up to the last instant a Date holds.
  fc.integer({ min: Date.UTC(10000, 0, 1), max: 8.64e15 }).map((ms) => new Date(ms).toISOString()),
  fc.integer({ min: -8.64e15, max: -1 }).map((ms) => new Date(ms).toISOString()),
  fc.constantFrom('+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '2200-01-01T00:00:00Z', 'NaN', 'Infinity', '-Infinity', 'not a date', '', '2026-02-30T00:00:00Z', '2026-11-24', '2026-11-24 12:00', 'Tue, 24 Nov 2026 12:00:00 GMT'),
  fc.constantFrom(NaN, Infinity, -Infinity, -1, 0, 1e20, 253402300800, null, {}, [], true),
  fc.string({ maxLength: 30 }),
);

const url = fc.oneof(
  { weight: 2, arbitrary: fc.webUrl() },
  fc.constantFrom(
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'http://',
    'https://',
    'https://ok.example/\u0000',
    'https://ok.example/a b',
    '//evil.example/x',
    'https://snapshot.box/#/s:aave.eth/proposal/0x1',
  ),
  fc.integer({ min: 2_000, max: 100_000 }).map((length) => `https://long.example/${'a'.repeat(length)}`),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(42, null, {}, []),
);

const number = fc.oneof(fc.double(), fc.integer(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 1e308, Number.MAX_SAFE_INTEGER + 2), fc.constantFrom('12', 'abc', null, {}, true));

/** Changes, half of them on what the synthetic holder holds (Aave WETH collateral and USDC debt, Comet, Compound v2, Lido), so the scan simulates them. */
const change = (slug: ProtocolSlug) =>
  fc.record(
    {
      protocol: fc.oneof({ weight: 4, arbitrary: fc.constant(slug) }, text),
      asset: fc.oneof(fc.constantFrom('WETH', 'USDC', 'ETH', 'stETH', 'wstETH'), text),
      parameter: fc.oneof(fc.constantFrom('liquidationThreshold', 'ltv', 'liquidationBonus', 'reserveFactor', 'slope2', 'optimalUsage', 'listing', 'supplyCap', 'rewardFee'), text),
      from: number,
      to: number,
      unit: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('bps', 'fraction', 'tokens', 'state', 'drops') }, text),
      market: fc.oneof(fc.constant(undefined), text),
      eModeCategory: fc.oneof(fc.constant(undefined), number),
      side: fc.constantFrom(undefined, 'supply', 'borrow', 'both', 7),
      evidence: text,
      verified: fc.oneof(fc.boolean(), text),
    },
    { requiredKeys: ['protocol', 'parameter', 'to', 'unit'] },
  );

/** One proposal as a source of `slug` would return it; `index` keeps the generated ids apart. */
const proposal = (slug: ProtocolSlug, index: number) =>
  fc.record(
    {
      id: fc.oneof({ weight: 9, arbitrary: fc.constant(`${slug}-hostile-${index}`) }, fc.constantFrom('', 'has space', 'a/b', 'x'.repeat(300), 7, null)),
      protocol: fc.oneof({ weight: 9, arbitrary: fc.constant(slug) }, text),
      title: text,
      summary: text,
      description: text,
      proposer: text,
      status: fc.oneof({ weight: 9, arbitrary: fc.constantFrom('active', 'pending', 'passed', 'closed', 'executed', 'canceled') }, text),
      votes: fc.oneof(fc.record({ for: number, against: number, abstain: number, total: number, quorumRequired: number, quorumReached: fc.oneof(fc.boolean(), text) }, { requiredKeys: [] }), fc.constantFrom(null, 'x', [])),
      timeline: fc.oneof({ weight: 9, arbitrary: fc.record({ created: date, start: date, end: date }, { requiredKeys: [] }) }, fc.constantFrom(null, 'soon', [])),
      sourceLinks: fc.oneof(fc.array(fc.record({ url, label: text }), { maxLength: 4 }), fc.constantFrom(null, 'https://x.example', [null])),
      snapshotUrl: url,
      discussionUrl: url,
      changeType: fc.constantFrom('shape', 'parameter', 'other', 3),
      effectiveDate: date,
      changes: fc.oneof({ weight: 4, arbitrary: fc.array(change(slug), { maxLength: 4 }) }, fc.constantFrom(null, 'none', [null, 1])),
      firstSeen: date,
      spam: fc.oneof(fc.record({ rule: fc.constantFrom('test/hostile'), reason: text }), fc.constantFrom(null, 'spam', { rule: 1 })),
      unknownField: text,
    },
    { requiredKeys: ['id', 'protocol', 'status'] },
  );

/** Every module's answer: up to three generated proposals each, every source at once. */
const answers = fc.record(Object.fromEntries(PROTOCOL_SLUGS.map((slug) => [slug, fc.tuple(proposal(slug, 0), proposal(slug, 1), proposal(slug, 2)).chain((all) => fc.subarray(all))])) as Record<ProtocolSlug, fc.Arbitrary<unknown[]>>);

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
      fc.asyncProperty(answers, async (generated) => {
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
  });
});
