import * as net from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIPv4, isIPv6 } from '../../shared/ratelimit/ipAddress.js';
import { sameSecret } from '../../shared/api/middleware/originGuard.js';

// The rate limiter's IP checks replace node:net's (a cold-start cost): they must agree with it on
// every input, addresses of each form and near-misses alike.
const nearMiss = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.ipV4Extended(),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF:.%[]g '.split('')), maxLength: 45 }),
  fc.tuple(fc.ipV6(), fc.string({ maxLength: 6 })).map(([ip, zone]) => `${ip}%${zone}`),
  fc.tuple(fc.ipV6(), fc.integer({ min: 0, max: 7 })).map(([ip, cut]) => ip.split(':').slice(cut).join(':')),
);

describe('IP address forms, as node:net knows them', () => {
  it('isIPv4 and isIPv6 agree with node:net on addresses and near-misses', () => {
    fc.assert(
      fc.property(nearMiss, (text) => {
        expect(isIPv4(text), text).toBe(net.isIPv4(text));
        expect(isIPv6(text), text).toBe(net.isIPv6(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it.each(['::', '::1', '1::', '2001:db8::1', '::ffff:192.0.2.1', 'fe80::1%eth0', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:192.0.2.1', '1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:8::', ':::', '1:2:3:4:5:6:7', '::ffff:256.0.0.1', '01.2.3.4', '1.2.3', 'abcde::1', '::1%'])('%s', (text) => {
    expect([isIPv4(text), isIPv6(text)]).toEqual([net.isIPv4(text), net.isIPv6(text)]);
  });
});

describe('the origin secret comparison', () => {
  it('is equality of the two texts', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => sameSecret(a, b) === (a === b)));
    expect(sameSecret('s3cret-value', 's3cret-value')).toBe(true);
    expect(sameSecret('s3cret-valuf', 's3cret-value')).toBe(false);
  });
});
