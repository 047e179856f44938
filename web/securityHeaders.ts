/**
 * Headers of every page we serve (the wallet page, the prebuilt index, error pages): no script at
 * all, styles only from our own stylesheet, never framed, no referrer to the sources people follow.
 * The page function sends them; in AWS a CloudFront response headers policy adds them to the
 * bucket's objects (infra/cdn.ts); the local server adds them to the files it serves.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * HTTPS only, for two years, once a browser has seen the site over HTTPS (browsers ignore the header
 * over plain HTTP, so the local server may send it too). Not `preload`: the address is CloudFront's
 * host name, whose owner decides that, not us.
 */
export const STRICT_TRANSPORT_MAX_AGE_SECONDS = 63_072_000;

/**
 * Headers of every answer, JSON and text included (the middleware stack adds them; in AWS a
 * CloudFront response headers policy adds them to every behaviour, infra/cdn.ts): HTTPS only, and no
 * content sniffing, so a JSON body that quotes a caller's input can never be read as HTML.
 */
export const TRANSPORT_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': `max-age=${STRICT_TRANSPORT_MAX_AGE_SECONDS}; includeSubDomains`,
  'X-Content-Type-Options': 'nosniff',
};

export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  ...TRANSPORT_SECURITY_HEADERS,
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** Where the pages' one stylesheet is served (by the local server, and from the bucket in AWS). */
export const STYLESHEET_PATH = '/assets/govex.css';
