import type { FeedProposal } from '../shared/domain/proposal.js';
import type { StoredFeed } from '../shared/stores/types.js';
import type { Recording } from '../shared/upstream/recording.js';
import { clip, formatDate, protocolName } from './format.js';
import { type Html, html } from './html.js';
import { layout, searchForm } from './layout.js';
import { failedSources, liveProposals, primarySource } from './liveProposals.js';
import { TITLE_MAX } from './proposalCard.js';
import { recordingNotice, statusHtml } from './recordingNotice.js';

const INTRO = 'Which live DeFi governance proposals change your positions, and by how much.';

function proposalRow(proposal: FeedProposal, recording: Recording | undefined): Html {
  const url = primarySource(proposal);
  const title = html`<bdi>${clip(proposal.title, TITLE_MAX)}</bdi>`;
  const when = proposal.status === 'pending' ? (proposal.timeline.start ? `starts ${formatDate(proposal.timeline.start)}` : 'not yet open') : formatDate(proposal.timeline.end) || '—';
  return html`<tr>
<td data-label="Vote ends">${when}</td>
<td data-label="Protocol">${protocolName(proposal.protocol)}</td>
<td data-label="Proposal">${url ? html`<a href="${url}" rel="noopener noreferrer nofollow ugc">${title}</a>` : title}</td>
<td data-label="Status" class="status">${statusHtml(proposal, recording)}</td>
<td data-label="Change">${proposal.changeType ?? '—'}</td>
</tr>`;
}

/** Whether no source at all answered the last build: then an empty list says nothing about what is open. */
function noSourceRead(feed: StoredFeed): boolean {
  const states = Object.values(feed.sources);
  return states.length > 0 && states.every((state) => !state.ok);
}

function degradedNotice(feed: StoredFeed): Html {
  const failed = failedSources(feed);
  if (failed.length === 0) return html``;
  const heading = noSourceRead(feed)
    ? html`<strong>Sources unavailable: no source could be read at the last build.</strong> Proposals they gave before are still listed; any newer one is missing:`
    : html`<strong>Some sources could not be read at the last build.</strong> Their last good proposals are still listed; newer ones may be missing:`;
  return html`<div class="banner banner-partial" role="note">${heading}
<ul>${failed.map((entry) => html`<li>${protocolName(entry.source.split('/')[0]!)} — ${entry.source}${entry.lastSuccessAt ? ` (last read ${formatDate(entry.lastSuccessAt)})` : ' (never read)'}</li>`)}</ul></div>`;
}

/** What an empty list means: nothing open only where every source was read. */
function emptyList(feed: StoredFeed | undefined): Html {
  if (feed && noSourceRead(feed)) return html`<p class="empty">Sources unavailable: no proposal can be listed until they answer (see above). This does not mean that none is open.</p>`;
  if (feed && failedSources(feed).length > 0) return html`<p class="empty">No proposal is open for voting or waiting to open on the sources that were read; the unavailable sources above may have some.</p>`;
  return html`<p class="empty">No proposal is open for voting or waiting to open right now.</p>`;
}

/**
 * The index at `/`, prebuilt by the feed builder from the feed it has just written: the search box,
 * then every live and pending proposal, most urgent first. Without a feed yet, it says so; with
 * sources unavailable, it names them; built from recordings, it says so and of when.
 */
export function indexPage(feed: StoredFeed | undefined): string {
  const proposals = feed ? liveProposals(feed) : [];
  const recording = feed?.recording;
  const body = html`${recordingNotice(recording)}<section class="intro" aria-labelledby="intro-heading">
<h1 id="intro-heading">Governance proposals that move your DeFi positions</h1>
<p>${INTRO} Paste a wallet to see every proposal that touches it, with its simulated impact.</p>
${searchForm()}
</section>
${feed ? degradedNotice(feed) : html`<p class="empty">The proposal feed is being built; this page fills in within a few minutes.</p>`}
<section aria-labelledby="live-heading">
<h2 id="live-heading">${recording ? 'Proposals live or pending when recorded' : 'Live and pending proposals'} <span class="count">(${proposals.length})</span></h2>
${proposals.length === 0
  ? emptyList(feed)
  : html`<div class="table-wrap"><table class="feed stack">
<caption>Most urgent vote first${feed ? html`; built <time datetime="${feed.builtAt}">${formatDate(feed.builtAt)}</time>` : ''}${recording ? ' from recordings' : ''}</caption>
<thead><tr><th scope="col">Vote ends</th><th scope="col">Protocol</th><th scope="col">Proposal</th><th scope="col">Status</th><th scope="col">Change</th></tr></thead>
<tbody>${proposals.map((proposal) => proposalRow(proposal, recording))}</tbody>
</table></div>`}
</section>
<section aria-labelledby="dev-heading">
<h2 id="dev-heading">For developers and agents</h2>
<ul class="links"><li><a href="/api">API catalog</a></li><li><a href="/api/openapi.json">OpenAPI document</a></li><li><a href="/llms.txt">llms.txt</a></li><li><a href="/feed.atom">Atom feed of these proposals</a></li></ul>
</section>`;
  const said = recording ? `Recorded data, not live: ${proposals.length} proposals live or pending when recorded.` : `${proposals.length} live and pending proposals.`;
  return layout(
    { title: 'Govex — governance exposure', description: `${INTRO} ${said}`, head: html`<link rel="alternate" type="application/atom+xml" title="Govex: live governance proposals" href="/feed.atom">` },
    body,
  ).text;
}
