import type { StoredFeed } from '../shared/stores/types.js';
import { formatDate, protocolName } from './format.js';
import { type Html, html } from './html.js';
import { layout, searchForm } from './layout.js';
import { byProtocol, failedSources, liveProposals } from './liveProposals.js';
import { proposalTable } from './proposalRows.js';
import { proposalSearchForm } from './proposalSearch.js';
import { recordingNotice } from './recordingNotice.js';

const INTRO = 'Which live DeFi governance proposals change your positions, and by how much.';

/** Whether no source at all answered the last build: then an empty list says nothing about what is open. */
function noSourceRead(feed: StoredFeed): boolean {
  const states = Object.values(feed.sources);
  return states.length > 0 && states.every((state) => !state.ok);
}

/** Each failed source by name, and since when: its proposals here are as of its last answer. */
function degradedNotice(feed: StoredFeed): Html {
  const failed = failedSources(feed);
  if (failed.length === 0) return html``;
  const heading = noSourceRead(feed)
    ? html`<strong>Sources unavailable: no source could be read at the last build.</strong> Proposals they gave before are still listed; any newer one is missing:`
    : html`<strong>Some sources could not be read at the last build.</strong> Their last good proposals are still listed; newer ones may be missing:`;
  return html`<div class="banner banner-partial" role="note">${heading}
<ul>${failed.map(
    (entry) =>
      html`<li>${entry.name}: ${entry.lastSuccessAt ? html`unavailable since <time datetime="${entry.lastSuccessAt}">${formatDate(entry.lastSuccessAt)}</time>, its last answer` : html`not read at any build yet (last tried <time datetime="${entry.checkedAt}">${formatDate(entry.checkedAt)}</time>)`}</li>`,
  )}</ul></div>`;
}

/** What an empty list means: nothing open only where every source was read. */
function emptyList(feed: StoredFeed | undefined): Html {
  if (feed && noSourceRead(feed)) return html`<p class="empty">Sources unavailable: no proposal can be listed until they answer (see above). This does not mean that none is open.</p>`;
  if (feed && failedSources(feed).length > 0) return html`<p class="empty">No proposal is open for voting, waiting to open or waiting to execute on the sources that were read; the unavailable sources above may have some.</p>`;
  return html`<p class="empty">No proposal is open for voting, waiting to open or waiting to execute right now.</p>`;
}

const anchorOf = (protocol: string) => `protocol-${protocol}`;

/** The live proposals, one table per protocol, with a list of the protocols to jump to (no script). */
function liveSection(feed: StoredFeed): Html {
  const groups = byProtocol(liveProposals(feed));
  const context = { asOf: feed.builtAt, ...(feed.recording && { recording: feed.recording }) };
  return html`<nav aria-label="Protocols"><ul class="links protocols">${groups.map(({ protocol, proposals }) => html`<li><a href="#${anchorOf(protocol)}">${protocolName(protocol)}</a> <span class="count">(${proposals.length})</span></li>`)}</ul></nav>
${groups.map(
  ({ protocol, proposals }) => html`<section class="protocol-group" aria-labelledby="${anchorOf(protocol)}">
<h3 id="${anchorOf(protocol)}">${protocolName(protocol)} <span class="count">(${proposals.length})</span></h3>
${proposalTable(proposals, context, html`${protocolName(protocol)}: most urgent first; built <time datetime="${feed.builtAt}">${formatDate(feed.builtAt)}</time>${feed.recording ? ' from recordings' : ''}`)}
</section>`,
)}`;
}

/**
 * The index at `/`, prebuilt by the feed builder from the feed it has just written: a wallet search
 * and a proposal search (plain GET forms), then every live proposal (open, waiting to open, passed
 * and waiting to execute) grouped by protocol, each linking to its page. Without a feed yet, it says
 * so; with sources unavailable, it names them and since when; built from recordings, it says so.
 */
export function indexPage(feed: StoredFeed | undefined): string {
  const count = feed ? liveProposals(feed).length : 0;
  const recording = feed?.recording;
  const body = html`${recordingNotice(recording)}<section class="intro" aria-labelledby="intro-heading">
<h1 id="intro-heading">Governance proposals that move your DeFi positions</h1>
<p>${INTRO} Paste a wallet to see every proposal that touches it, with its simulated impact.</p>
${searchForm()}
${proposalSearchForm()}
</section>
${feed ? degradedNotice(feed) : html`<p class="empty">The proposal feed is being built; this page fills in within a few minutes.</p>`}
<section aria-labelledby="live-heading">
<h2 id="live-heading">${recording ? 'Proposals live when recorded' : 'Live proposals'} <span class="count">(${count}: open, waiting to open, or passed and waiting to execute)</span></h2>
${count === 0 || !feed ? emptyList(feed) : liveSection(feed)}
</section>
<section aria-labelledby="dev-heading">
<h2 id="dev-heading">For developers and agents</h2>
<ul class="links"><li><a href="/api">API catalog</a></li><li><a href="/api/openapi.json">OpenAPI document</a></li><li><a href="/llms.txt">llms.txt</a></li><li><a href="/feed.atom">Atom feed of these proposals</a></li></ul>
</section>`;
  const said = recording ? `Recorded data, not live: ${count} proposals live when recorded.` : `${count} live proposals.`;
  return layout(
    { title: 'Govex — governance exposure', description: `${INTRO} ${said}`, head: html`<link rel="alternate" type="application/atom+xml" title="Govex: live governance proposals" href="/feed.atom">` },
    body,
  ).text;
}
