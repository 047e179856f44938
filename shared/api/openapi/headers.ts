/** Response headers of the contract, as OpenAPI header components. */
export const HEADER_COMPONENTS = {
  XApiVersion: { description: 'The API version that answered (semver). On every response.', schema: { type: 'string', example: '0.1.0' } },
  RateLimitPolicy: {
    description: 'Quota policy (draft-ietf-httpapi-ratelimit-headers): policy name, q = quota, w = window in seconds. Absent on responses served from a CDN cache.',
    schema: { type: 'string', example: '"default";q=30;w=60' },
  },
  RateLimit: {
    description: 'Budget left: r = requests left, t = seconds until r goes up. On a 429, r=0 and t equals Retry-After.',
    schema: { type: 'string', example: '"default";r=17;t=23' },
  },
  XRateLimitLimit: { description: 'Legacy twin of q.', schema: { type: 'integer', example: 30 } },
  XRateLimitRemaining: { description: 'Legacy twin of r.', schema: { type: 'integer', example: 17 } },
  RetryAfter: { description: 'Whole seconds to wait, at least 1.', schema: { type: 'integer', minimum: 1, example: 23 } },
  Deprecation: {
    description: 'RFC 9745: when the operation is or will be deprecated, as @unix-seconds. Only on deprecated operations.',
    schema: { type: 'string', pattern: '^@-?\\d{1,15}$', example: '@1767225600' },
  },
  Sunset: {
    description: 'RFC 8594: when the operation goes away, as an HTTP-date. Only once a removal date is set.',
    schema: { type: 'string', example: 'Wed, 30 Jun 2027 00:00:00 GMT' },
  },
  ETag: {
    description: 'RFC 9110 §8.8.3: a weak tag of the answer\'s bytes. Send it back as If-None-Match for a 304 while the answer is unchanged.',
    schema: { type: 'string', example: 'W/"3f2a9c0e5b7d41a8c6e2f0b9d8a7c6e5"' },
  },
  LastModified: {
    description: 'RFC 9110 §8.8.2: when the answer last changed (its latest entry\'s updated). Send it back as If-Modified-Since for a 304.',
    schema: { type: 'string', example: 'Wed, 25 Nov 2026 09:00:41 GMT' },
  },
} as const;

export type HeaderName = keyof typeof HEADER_COMPONENTS;

export const headerRefs = (names: HeaderName[]) =>
  Object.fromEntries(
    names.map((name) => [wireName[name], { $ref: `#/components/headers/${name}` }]),
  );

const wireName: Record<HeaderName, string> = {
  XApiVersion: 'x-api-version',
  RateLimitPolicy: 'RateLimit-Policy',
  RateLimit: 'RateLimit',
  XRateLimitLimit: 'X-RateLimit-Limit',
  XRateLimitRemaining: 'X-RateLimit-Remaining',
  RetryAfter: 'Retry-After',
  Deprecation: 'Deprecation',
  Sunset: 'Sunset',
  ETag: 'ETag',
  LastModified: 'Last-Modified',
};
