import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../shared/contract/errors.js';
import { meantName, refuseMisspeltParameters, refuseUnknownParameters } from '../../shared/contract/unknownParameters.js';

const FEED = ['address', 'view', 'limit', 'cursor', 'protocol', 'minImpact', 'status', 'since', 'includeSpam'];
const refusal = (work: () => void): ApiError => {
  try {
    work();
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('accepted');
};

describe('the name a caller meant', () => {
  it.each([
    ['minimpact', 'minImpact'],
    ['includespam', 'includeSpam'],
    ['adress', 'address'],
    ['addresss', 'address'],
    ['protcol', 'protocol'],
    ['sinec', 'since'],
    ['curser', 'cursor'],
    ['limits', 'limit'],
  ])('%s → %s', (typed, meant) => {
    expect(meantName(typed, FEED)).toBe(meant);
  });

  it.each(['foo', 'utm_source', 'fbclid', 'page', 'offset', 'q', 'lim'])('suggests nothing for %s', (typed) => {
    expect(meantName(typed, FEED)).toBeUndefined();
  });

  it('suggests nothing for a name the endpoint takes', () => {
    expect(meantName('limit', FEED)).toBeUndefined();
  });
});

describe('unknown query parameters', () => {
  it('are refused with invalid_input naming the parameter, the name meant and every name taken', () => {
    const error = refusal(() => refuseUnknownParameters({ address: '0x1', minimpact: 'high' }, FEED, 'GET /api/proposals'));
    expect(error.code).toBe('invalid_input');
    expect(error.status).toBe(400);
    expect(error.message).toBe(`unknown query parameter "minimpact": did you mean minImpact? (names are case-sensitive); GET /api/proposals takes ${FEED.join(', ')}`);
  });

  it('say so where an endpoint takes none', () => {
    expect(refusal(() => refuseUnknownParameters({ v: '1' }, [], 'GET /api/health')).message).toBe('unknown query parameter "v"; GET /api/health takes no query parameters');
  });

  it('let every taken name through', () => {
    expect(() => refuseUnknownParameters(Object.fromEntries(FEED.map((name) => [name, 'x'])), FEED, 'GET /api/proposals')).not.toThrow();
  });

  it('on the page, only misspellings are refused: a tracking parameter a shared link gained is not', () => {
    const page = ['protocol', 'minImpact', 'status', 'since'];
    expect(() => refuseMisspeltParameters({ utm_source: 'x', fbclid: 'y' }, page, '/w/{address}')).not.toThrow();
    expect(refusal(() => refuseMisspeltParameters({ minimpact: 'high' }, page, '/w/{address}')).message).toContain('did you mean minImpact?');
  });
});
