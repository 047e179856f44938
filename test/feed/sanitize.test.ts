import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_SLUGS } from '../../shared/modules/registry.js';
import { cleanDate } from '../../shared/feed/sanitize/cleanDate.js';
import { cleanText } from '../../shared/feed/sanitize/cleanText.js';
import { cleanUrl } from '../../shared/feed/sanitize/cleanUrl.js';
import { withNotices } from '../../shared/feed/sanitize/feedNotices.js';
import { sanitizeProposal } from '../../shared/feed/sanitize/sanitizeProposal.js';
import { wireProblem } from '../../shared/feed/sanitize/wireProblem.js';
import { withChangeTypes } from '../../shared/feed/classify/changeTypeFromWords.js';
import { withSpamVerdicts } from '../../shared/feed/spam/withSpamVerdicts.js';
import { feedProposal } from '../support/feed.js';
import { hostileProposal } from './hostileProposals.js';

const FALLBACK = '2026-11-24T12:00:00.000Z';

describe('cleanDate', () => {
  it.each([
    ['2026-11-24T12:00:00Z', '2026-11-24T12:00:00Z'],
    ['2026-11-24T12:00:00.123456789+02:00', '2026-11-24T12:00:00.123456789+02:00'],
    ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00Z'],
    ['2199-12-31T23:59:59Z', '2199-12-31T23:59:59Z'],
    ['Tue, 24 Nov 2026 12:00:00 GMT', '2026-11-24T12:00:00.000Z'],
  ])('keeps %s inside 1970..2199, in a form the contract reads', (value, expected) => {
    expect(cleanDate(value)).toEqual({ date: expected });
  });

  it.each([
    ['+010000-01-01T00:00:00.000Z', 'outside 1970..2199'],
    ['+275760-09-13T00:00:00.000Z', 'outside 1970..2199'],
    ['2200-01-01T00:00:00Z', 'outside 1970..2199'],
    ['1969-12-31T23:59:59Z', 'outside 1970..2199'],
    ['-000001-01-01T00:00:00.000Z', 'outside 1970..2199'],
    ['NaN', 'not a date'],
    ['Infinity', 'not a date'],
    ['soon', 'not a date'],
    [1_765_989_234, 'not a date (number)'],
    [Number.NaN, 'not a date (number)'],
    [{}, 'not a date (object)'],
  ])('drops %s (%s)', (value, reason) => {
    expect(cleanDate(value)).toEqual({ dropped: reason });
  });

  it('says nothing of an absent date', () => {
    expect(cleanDate(undefined)).toBeUndefined();
    expect(cleanDate(null)).toBeUndefined();
  });
});

describe('cleanText', () => {
  it('takes out control characters, keeps a body’s line feeds and makes a title one line', () => {
    expect(cleanText('a\u0000b\u0007c\u001B[31m\u007F\u0085d', 100)).toBe('abc[31md');
    expect(cleanText('one\r\ntwo\tthree', 100, { multiline: true })).toBe('one\ntwo\tthree');
    expect(cleanText('one\ntwo', 100)).toBe('one two');
  });

  it('replaces a lone surrogate and keeps a pair', () => {
    expect(cleanText('a\uD800b\uDC00c💩', 100)).toBe('a\uFFFDb\uFFFDc💩');
  });

  it('cuts at the bound with an ellipsis, never inside a surrogate pair', () => {
    expect(cleanText('abcdef', 4)).toBe('abc…');
    expect(cleanText('ab💩def', 4)).toBe('ab…');
    expect(cleanText('x'.repeat(300_000), 500)!.length).toBe(500);
  });

  it('gives no text for a value that is not a string', () => {
    for (const value of [42, null, undefined, {}, ['a'], true]) expect(cleanText(value, 10)).toBeUndefined();
  });
});

describe('cleanUrl', () => {
  it.each(['https://snapshot.box/#/s:aave.eth/proposal/0x1', 'http://forum.example/t/1'])('keeps %s', (url) => {
    expect(cleanUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    ' https://ok.example/',
    'https://ok.example/a b',
    'https://',
    '//evil.example/x',
  ])('drops %j', (url) => {
    expect(cleanUrl(url)).toBeUndefined();
  });

  it('drops a URL longer than 2,048 characters rather than cut it', () => {
    expect(cleanUrl(`https://long.example/${'a'.repeat(2_100)}`)).toBeUndefined();
  });
});

describe('sanitizeProposal', () => {
  it('drops a date of year 10000 and links that are not http(s), and names them', () => {
    const result = sanitizeProposal(
      feedProposal({
        id: 'aave-snapshot-0x1',
        protocol: 'aave',
        status: 'active',
        timeline: { start: '2026-11-20T00:00:00Z', end: '+010000-01-01T00:00:00.000Z' },
        discussionUrl: 'javascript:alert(1)',
        sourceLinks: [{ url: 'data:text/html,x', label: 'x' }, { url: 'https://snapshot.box/#/s:aave.eth/proposal/0x1', label: 'Vote' }],
      }),
      FALLBACK,
    );
    expect(result).toMatchObject({
      proposal: { timeline: { start: '2026-11-20T00:00:00Z' }, sourceLinks: [{ url: 'https://snapshot.box/#/s:aave.eth/proposal/0x1', label: 'Vote' }] },
      // A link that is not http(s) goes without a note: it never was one.
      notes: ['timeline.end dropped (outside 1970..2199)'],
    });
    expect('proposal' in result && 'discussionUrl' in result.proposal).toBe(false);
  });

  it.each([
    ['an id outside [A-Za-z0-9_-]', { id: 'a/b' }, 'no valid id'],
    ['no protocol', { protocol: 7 }, 'not a served protocol'],
    ['a protocol the service does not serve', { protocol: 'uniswap' }, 'not a served protocol'],
    ['an unknown status', { status: 'voting' }, 'a status the contract does not know'],
    ['an unreadable spam verdict', { spam: { rule: 1 } }, 'an unreadable spam verdict'],
  ])('holds back a proposal with %s', (_name, fields, reason) => {
    expect(sanitizeProposal({ ...feedProposal({ id: 'aave-1', protocol: 'aave', status: 'active' }), ...fields }, FALLBACK)).toEqual({ heldBack: reason });
  });

  it('keeps only the fields a FeedProposal has', () => {
    const result = sanitizeProposal({ ...feedProposal({ id: 'aave-1', protocol: 'aave', status: 'active' }), injected: 'x'.repeat(1_000) }, FALLBACK);
    expect('proposal' in result && 'injected' in result.proposal).toBe(false);
  });

  it('gives, for any proposal a source could return, one the contract accepts (after the spam rules and the classifier), and is idempotent', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROTOCOL_SLUGS).chain((slug) => hostileProposal(slug, 0)), (raw) => {
        const result = sanitizeProposal(raw, FALLBACK);
        if ('heldBack' in result) return;
        const [labelled] = withChangeTypes(withSpamVerdicts([result.proposal]));
        expect(wireProblem(labelled!)).toBeUndefined();
        expect(sanitizeProposal(result.proposal, FALLBACK)).toEqual({ proposal: result.proposal, notes: [] });
      }),
      { numRuns: 500 },
    );
  });
});

describe('wireProblem', () => {
  const proposal = feedProposal({ id: 'aave-1', protocol: 'aave', status: 'active', timeline: { end: '2026-12-01T00:00:00Z' } });

  it('passes a proposal the contract accepts', () => {
    expect(wireProblem(proposal)).toBeUndefined();
  });

  it.each([
    ['a date of year 10000', { timeline: { end: '+010000-01-01T00:00:00.000Z' } }, /^timeline\.end: /],
    ['a summary that is a number', { summary: 42 }, /^summary: /],
    ['a vote that is NaN', { votes: { for: Number.NaN } }, /^votes\.for: /],
    ['a firstSeen the compact view falls back to', { timeline: {}, firstSeen: 'soon' }, /^compact votingEnds: /],
    ['an id the detail refuses', { id: 'a b' }, /^id: /],
    ['no summary at all', { summary: undefined }, /^summary: |^unreadable/],
  ])('names the field of %s, never its value', (_name, fields, expected) => {
    const problem = wireProblem({ ...proposal, ...fields } as never);
    expect(problem).toMatch(expected);
    expect(problem).not.toContain('010000');
  });
});

describe('withNotices', () => {
  const at = '2026-11-24T12:00:00.000Z';
  it('adds notices to an ok source’s message (it stays ok) and after a failed source’s own, naming at most three', () => {
    const sources = withNotices(
      { 'aave/snapshot': { ok: true, checkedAt: at, lastSuccessAt: at }, 'aave/gov3': { ok: false, checkedAt: at, message: 'timed out' } },
      [
        ...['1', '2', '3', '4', '5'].map((n) => ({ source: 'aave/snapshot', text: `aave-snapshot-${n}: timeline.end dropped (outside 1970..2199)` })),
        { source: 'aave/gov3', text: 'aave-gov3-9 held back (no valid id)' },
        { source: 'aave/gov3', text: 'aave-gov3-9 held back (no valid id)' },
        { source: 'nowhere/x', text: 'x' },
      ],
    );
    expect(sources['aave/snapshot']).toEqual({
      ok: true,
      checkedAt: at,
      lastSuccessAt: at,
      message: 'aave-snapshot-1: timeline.end dropped (outside 1970..2199); aave-snapshot-2: timeline.end dropped (outside 1970..2199); aave-snapshot-3: timeline.end dropped (outside 1970..2199); and 2 more',
    });
    expect(sources['aave/gov3']!.message).toBe('timed out; aave-gov3-9 held back (no valid id)');
    expect(sources['nowhere/x']).toBeUndefined();
  });
});
