import { isHttpUrl } from '../shared/governance/isHttpUrl.js';
import { type Html, html } from './html.js';
import { STYLESHEET_PATH } from './securityHeaders.js';

export interface PageMeta {
  /** The document title and the preview's title. */
  title: string;
  /** One sentence for search results and link previews. */
  description: string;
  /** The page's own absolute address, when known (the preview's og:url). */
  url?: string;
  /** Extra head elements, built with `html` (the Atom feed's alternate link). */
  head?: Html;
}

/** The document around every page: metadata for link previews, our stylesheet, and no script. */
export function layout(meta: PageMeta, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${meta.title}</title>
<meta name="description" content="${meta.description}">
<meta property="og:type" content="website">
<meta property="og:site_name" content="Govex">
<meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}">
${isHttpUrl(meta.url) ? html`<meta property="og:url" content="${meta.url}">` : ''}
<meta name="twitter:card" content="summary">
<meta name="twitter:title" content="${meta.title}">
<meta name="twitter:description" content="${meta.description}">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${meta.head}
</head>
<body>
<header class="site"><a class="brand" href="/">Govex</a><span class="tagline">Governance exposure</span></header>
<main>
${body}
</main>
<footer class="site">
<p class="advice">Data aggregation and simulation only, not financial advice.</p>
<p><a href="/api">API</a> · <a href="/api/openapi.json">OpenAPI</a> · <a href="/llms.txt">llms.txt</a> · <a href="/feed.atom">Atom feed</a></p>
</footer>
</body>
</html>
`;
}

/** The wallet search box: a plain GET form, so it works with JavaScript off (functions/page.ts redirects). */
export const searchForm = (value = ''): Html => html`<form class="search" method="get" action="/w/search" role="search">
<label for="address">Wallet address or ens name</label>
<div class="search-row"><input id="address" name="address" required autocomplete="off" spellcheck="false" value="${value}" placeholder="0x…, name.eth, solana, cosmos1…, r…"><button type="submit">Scan</button></div>
</form>`;
