import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/contract/errors.js';
import { parseQuery } from '../../shared/contract/parseQuery.js';

const ALL = ['view', 'limit', 'protocol', 'status', 'minImpact', 'since'] as const;
const parse = (query: Record<string, string>) => parseQuery(query, ALL);
const refusalOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('accepted');
};
const refusal = (query: Record<string, string>) => refusalOf(() => parse(query));

describe('query parameters', () => {
  it('defaults view to full, limit to 50 and includeSpam to false', () => {
    expect(parse({})).toEqual({ view: 'full', limit: 50, includeSpam: false });
  });

  it('parses comma lists of protocols and statuses', () => {
    expect(parse({ protocol: 'aave,lido', status: 'active,pending' })).toMatchObject({ protocol: ['aave', 'lido'], status: ['active', 'pending'] });
  });

  it('leaves other unknown names to the stack (knownParameters), which refuses them before any handler', () => {
    expect(parseQuery({ foo: 'bar', limit: 'abc' }, ['view'])).toEqual({ view: 'full', limit: 50, includeSpam: false });
  });

  it.each([
    ['minimpact', 'minImpact'],
    ['MINIMPACT', 'minImpact'],
    ['minImpcat', 'minImpact'],
    ['protocols', 'protocol'],
    ['statuses', 'status'],
    ['limt', 'limit'],
    ['View', 'view'],
  ])('refuses the misspelling %s, naming %s', (typed, meant) => {
    const error = refusal({ [typed]: 'high' });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain(`unknown query parameter "${typed}": did you mean ${meant}?`);
  });

  it('passes a cursor through to the feed, which decodes it', () => {
    expect(parseQuery({ cursor: 'WzEsImYiXQ' }, ['cursor']).cursor).toBe('WzEsImYiXQ');
    expect(refusalOf(() => parseQuery({ cursor: 'not a cursor!' }, ['cursor'])).message).toContain('cursor=');
  });

  it.each(['1', '50', '200'])('accepts limit=%s', (limit) => {
    expect(parse({ limit }).limit).toBe(Number(limit));
  });

  it.each(['0', '201', '-1', '2.5', 'abc', '', '1e2', ' 5', '0x10'])('refuses limit=%j, stating the range', (limit) => {
    const error = refusal({ limit });
    expect(error.code).toBe('invalid_input');
    expect(error.message).toContain('an integer from 1 to 200');
    expect(error.message).toContain(JSON.stringify(limit));
  });

  it.each([
    { protocol: 'uniswap' },
    { protocol: 'aave,' },
    { protocol: 'AAVE' },
    { protocol: '' },
    { status: 'open' },
    { status: 'active,,closed' },
    { minImpact: 'severe' },
    { view: 'summary' },
    { since: '2026-02-30' },
    { since: '2026-13-01' },
    { since: '22-11-2026' },
    { since: '2026-11-22T00:00:00Z' },
  ] as Record<string, string>[])('refuses %j with invalid_input naming the parameter', (query) => {
    const error = refusal(query);
    expect(error.code).toBe('invalid_input');
    expect(error.message.startsWith(`${Object.keys(query)[0]}=`)).toBe(true);
  });

  it('accepts a leap day only in a leap year', () => {
    expect(parse({ since: '2028-02-29' }).since).toBe('2028-02-29');
    expect(() => parse({ since: '2027-02-29' })).toThrowError(ApiError);
  });

  it('either parses or refuses with invalid_input, for any values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...ALL, 'other', 'minimpact', 'Limit'), fc.string({ maxLength: 30 })), (query) => {
        try {
          parse(query);
        } catch (error) {
          expect((error as ApiError).code).toBe('invalid_input');
        }
      }),
      { numRuns: 2000 },
    );
  });
});
