import fc from 'fast-check';
import { PROTOCOL_SLUGS, type ProtocolSlug } from '../../shared/modules/registry.js';

/*
 * Generated hostile proposals as a module's source could return them (issue #19): the values a
 * hostile proposer writes or a broken upstream sends, wrong types included, for the property tests
 * of the feed's ingestion (test/feed/sanitize.test.ts) and of every endpoint
 * (test/api/hostileFeedValues.test.ts). All SYNTHETIC.
 */

const LONE_SURROGATES = ['\uD800', 'a\uDC00b', '\uDBFF\uDBFF'];
const CONTROLS = ['\u0000', 'a\u0007b', '\u001B[31mred', '\u0085next', 'line\r\nbreak', '\u007F'];
const UNICODE_ODDITIES = ['\u202Egnp.exe', 'zero\u200Bwidth', '\uFEFFbom', 'e\u0301\u0301\u0301', '𝕬𝖆𝖛𝖊', '💩'.repeat(300), '\u2028\u2029', 'ﷺ'.repeat(50)];

export const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 80 }) },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...LONE_SURROGATES, ...CONTROLS, ...UNICODE_ODDITIES, '', '<script>alert(1)</script>'),
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'A'.repeat(length)),
  fc.constantFrom(42, NaN, null, true, {}, [], ['array']),
);

export const hostileDate = fc.oneof(
  { weight: 3, arbitrary: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-01-01T00:00:00Z'), noInvalidDate: true }).map((value) => value.toISOString()) },
  // Year 10000 and later, as Date#toISOString writes them, up to the last instant a Date holds.
  fc.integer({ min: Date.UTC(10000, 0, 1), max: 8.64e15 }).map((ms) => new Date(ms).toISOString()),
  fc.integer({ min: -8.64e15, max: -1 }).map((ms) => new Date(ms).toISOString()),
  fc.constantFrom('+010000-01-01T00:00:00Z', '-000001-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '2200-01-01T00:00:00Z', 'NaN', 'Infinity', '-Infinity', 'not a date', '', '2026-02-30T00:00:00Z', '2026-11-24', '2026-11-24 12:00', 'Tue, 24 Nov 2026 12:00:00 GMT'),
  fc.constantFrom(NaN, Infinity, -Infinity, -1, 0, 1e20, 253402300800, null, {}, [], true),
  fc.string({ maxLength: 30 }),
);

export const hostileUrl = fc.oneof(
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
      protocol: fc.oneof({ weight: 4, arbitrary: fc.constant(slug) }, hostileText),
      asset: fc.oneof(fc.constantFrom('WETH', 'USDC', 'ETH', 'stETH', 'wstETH'), hostileText),
      parameter: fc.oneof(fc.constantFrom('liquidationThreshold', 'ltv', 'liquidationBonus', 'reserveFactor', 'slope2', 'optimalUsage', 'listing', 'supplyCap', 'rewardFee'), hostileText),
      from: number,
      to: number,
      unit: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('bps', 'fraction', 'tokens', 'state', 'drops') }, hostileText),
      market: fc.oneof(fc.constant(undefined), hostileText),
      eModeCategory: fc.oneof(fc.constant(undefined), number),
      side: fc.constantFrom(undefined, 'supply', 'borrow', 'both', 7),
      evidence: hostileText,
      verified: fc.oneof(fc.boolean(), hostileText),
    },
    { requiredKeys: ['protocol', 'parameter', 'to', 'unit'] },
  );

/** One proposal as a source of `slug` would return it; `index` keeps the generated ids apart. */
export const hostileProposal = (slug: ProtocolSlug, index: number) =>
  fc.record(
    {
      id: fc.oneof({ weight: 9, arbitrary: fc.constant(`${slug}-hostile-${index}`) }, fc.constantFrom('', 'has space', 'a/b', 'x'.repeat(300), 7, null)),
      protocol: fc.oneof({ weight: 9, arbitrary: fc.constant(slug) }, hostileText),
      title: hostileText,
      summary: hostileText,
      description: hostileText,
      proposer: hostileText,
      status: fc.oneof({ weight: 9, arbitrary: fc.constantFrom('active', 'pending', 'passed', 'closed', 'executed', 'canceled') }, hostileText),
      votes: fc.oneof(fc.record({ for: number, against: number, abstain: number, total: number, quorumRequired: number, quorumReached: fc.oneof(fc.boolean(), hostileText) }, { requiredKeys: [] }), fc.constantFrom(null, 'x', [])),
      timeline: fc.oneof({ weight: 9, arbitrary: fc.record({ created: hostileDate, start: hostileDate, end: hostileDate }, { requiredKeys: [] }) }, fc.constantFrom(null, 'soon', [])),
      sourceLinks: fc.oneof(fc.array(fc.record({ url: hostileUrl, label: hostileText }), { maxLength: 4 }), fc.constantFrom(null, 'https://x.example', [null])),
      snapshotUrl: hostileUrl,
      discussionUrl: hostileUrl,
      changeType: fc.constantFrom('shape', 'parameter', 'other', 3),
      effectiveDate: hostileDate,
      changes: fc.oneof({ weight: 4, arbitrary: fc.array(change(slug), { maxLength: 4 }) }, fc.constantFrom(null, 'none', [null, 1])),
      firstSeen: hostileDate,
      spam: fc.oneof(fc.record({ rule: fc.constantFrom('test/hostile'), reason: hostileText }), fc.constantFrom(null, 'spam', { rule: 1 })),
      unknownField: hostileText,
    },
    { requiredKeys: ['id', 'protocol', 'status'] },
  );

/** Every module's answer: up to three generated proposals each, every source at once. */
export const hostileAnswers = fc.record(Object.fromEntries(PROTOCOL_SLUGS.map((slug) => [slug, fc.tuple(hostileProposal(slug, 0), hostileProposal(slug, 1), hostileProposal(slug, 2)).chain((all) => fc.subarray(all))])) as Record<ProtocolSlug, fc.Arbitrary<unknown[]>>);

