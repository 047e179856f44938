/**
 * Headers of every page we serve (the wallet page, the prebuilt index, error pages): no script at
 * all, styles only from our own stylesheet, never framed, no referrer to the sources people follow.
 * The page function sends them; in AWS a CloudFront response headers policy adds them to the
 * bucket's objects (infra/cdn.ts); the local server adds them to the files it serves.
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

/** Where the pages' one stylesheet is served (by the local server, and from the bucket in AWS). */
export const STYLESHEET_PATH = '/assets/govex.css';
