import { describe, expect, it } from 'vitest';
import { DeadlineExceededError } from '../../shared/upstream/withDeadline.js';
import { describeFailure } from '../../shared/upstream/describeFailure.js';
import { upstreamStatus } from '../../shared/upstream/errors.js';

describe('describeFailure', () => {
  it('finds our own wording under a library’s wrappers', () => {
    const wrapped = new Error('HTTP request failed.\n\nURL: https://rpc.example/v2/SECRET_KEY\nRequest body: {…}', { cause: new Error('inner', { cause: upstreamStatus('ethereum', 503) }) });
    expect(describeFailure(wrapped)).toBe('ethereum: answered HTTP 503');
  });

  it('says a deadline passed', () => {
    expect(describeFailure(new DeadlineExceededError(3000))).toBe('no answer within 3000 ms');
  });

  it('never shows a library’s own text, which can carry the endpoint and its key', () => {
    const description = describeFailure(new TypeError('fetch https://rpc.example/v2/SECRET_KEY failed'));
    expect(description).toBe('failed (TypeError)');
    expect(description).not.toContain('SECRET_KEY');
  });
});
