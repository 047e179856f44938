import { describe, expect, it } from 'vitest';
import { originSecretFrom, rateLimitSecretFrom } from '../../infra/originSecret.js';
import { govexApp } from './synthGovex.js';

const nodeWith = (context: Record<string, unknown>) => govexApp(context).app.node;

describe('the origin secret from CDK context', () => {
  it('is read from -c originSecret=...', () => {
    const secret = 'a'.repeat(24) + '-_0123456789';
    expect(originSecretFrom(nodeWith({ originSecret: secret }))).toBe(secret);
  });

  it.each([
    ['missing', undefined],
    ['too short to be secret', 'short-secret'],
    ['not safe in a header', 'x'.repeat(31) + ' y'],
    ['not a string', 12345678901234567890123456789012],
  ])('refuses a value that is %s, saying how to pass one', (_why, value) => {
    expect(() => originSecretFrom(nodeWith(value === undefined ? {} : { originSecret: value }))).toThrow(/-c originSecret=/);
  });
});

describe('the limiter key derived from it', () => {
  it('is stable for one secret, differs between secrets, and does not contain the secret', () => {
    const secret = 'b'.repeat(40);
    expect(rateLimitSecretFrom(secret)).toBe(rateLimitSecretFrom(secret));
    expect(rateLimitSecretFrom(secret)).not.toBe(rateLimitSecretFrom('c'.repeat(40)));
    expect(rateLimitSecretFrom(secret)).toMatch(/^[0-9a-f]{64}$/);
  });
});
