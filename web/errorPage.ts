import { type Html, html } from './html.js';
import { layout, searchForm } from './layout.js';

export interface ErrorPageInput {
  status: number;
  title: string;
  /** What went wrong, in words (may quote what the caller typed: escaped like everything else). */
  message: string;
  /** What to do next, when there is more to say than the search box. */
  next?: Html;
  /** What the caller typed, put back in the search box. */
  typed?: string;
}

/** A real page for bad input and outages: people get words and a search box, never JSON. */
export function errorPage(input: ErrorPageInput): string {
  return layout(
    { title: `${input.title} · Govex`, description: input.message },
    html`<section class="error" aria-labelledby="error-heading">
<h1 id="error-heading">${input.title}</h1>
<p role="alert"><bdi>${input.message}</bdi></p>
${input.next}
${searchForm(input.typed)}
</section>`,
  ).text;
}

export interface RateLimitedPageInput {
  /** Whole seconds until the client's next request is allowed (the answer's Retry-After). */
  retryAfterSeconds: number;
  /** Requests per window, pages and API calls together (RateLimit-Policy q). */
  quota: number;
  /** The window in seconds (RateLimit-Policy w). */
  windowSeconds: number;
}

/**
 * The 429 of a wallet page: when to come back, in words. No refresh of any kind: a page that asked
 * again by itself would spend the budget it is waiting for.
 */
export function rateLimitedPage(input: RateLimitedPageInput): string {
  const wait = Number.isInteger(input.retryAfterSeconds) && input.retryAfterSeconds > 0 ? `${input.retryAfterSeconds} s` : 'a minute';
  const policy = Number.isFinite(input.quota) && Number.isFinite(input.windowSeconds) ? `Each address may ask for ${input.quota} pages and API calls in ${input.windowSeconds} s, and this one has.` : 'This address has asked for too much at once.';
  return errorPage({
    status: 429,
    title: 'Too many requests',
    message: `${policy} Try again in ${wait}.`,
    next: html`<p>Every wallet page reads its positions from public nodes that limit us too; the limit keeps them answering for everyone.</p>`,
  });
}

/** The forms of wallet the service accepts, for the 400 page. */
export const ACCEPTED_FORMS = html`<ul class="forms">
<li>an EVM address: <code>0x</code> and 40 hexadecimal digits</li>
<li>an ens name, such as <code>vitalik.eth</code></li>
<li>a Solana address (base58, 32 to 44 characters)</li>
<li>a Cosmos address: <code>cosmos1…</code></li>
<li>an XRP Ledger account: <code>r…</code></li>
</ul>`;
