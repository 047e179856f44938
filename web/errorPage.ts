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

/** The forms of wallet the service accepts, for the 400 page. */
export const ACCEPTED_FORMS = html`<ul class="forms">
<li>an EVM address: <code>0x</code> and 40 hexadecimal digits</li>
<li>an ens name, such as <code>vitalik.eth</code></li>
<li>a Solana address (base58, 32 to 44 characters)</li>
<li>a Cosmos address: <code>cosmos1…</code></li>
<li>an XRP Ledger account: <code>r…</code></li>
</ul>`;
