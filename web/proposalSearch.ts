import { type FeedProposal, shownByDefault } from '../shared/domain/proposal.js';
import type { Recording } from '../shared/upstream/recording.js';
import { protocolName } from './format.js';
import { type Html, html } from './html.js';
import { layout, searchForm } from './layout.js';
import { isLive } from './liveProposals.js';
import { proposalTable } from './proposalRows.js';
import { recordingNotice } from './recordingNotice.js';

/** The proposal search box's GET target (`/p/search?q=…`): every proposal id has a `-`, so none is "search". */
export const PROPOSAL_SEARCH_SEGMENT = 'search';
/** At most this many matches are listed: a search is to find one proposal, not to page the feed (the API does that). */
export const SEARCH_MAX = 50;

/** The proposal search box: a plain GET form, so it works with JavaScript off. */
export const proposalSearchForm = (value = ''): Html => html`<form class="search" method="get" action="/p/${PROPOSAL_SEARCH_SEGMENT}" role="search">
<label for="q">Proposal title or protocol</label>
<div class="search-row"><input id="q" name="q" type="search" required autocomplete="off" value="${value}" placeholder="USDC, reserve factor, a protocol’s name…"><button type="submit">Find</button></div>
</form>`;

/**
 * The proposals whose title, protocol name or id holds every typed word (case-insensitive), none
 * held back as spam: live ones first, then the rest most recently ended first. Pure.
 */
export function matchProposals(proposals: readonly FeedProposal[], typed: string, asOf: string): FeedProposal[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = (proposal: FeedProposal) => `${proposal.title} ${protocolName(proposal.protocol)} ${proposal.protocol} ${proposal.id}`.toLowerCase();
  const ended = (proposal: FeedProposal) => Date.parse(proposal.timeline.end ?? proposal.firstSeen) || 0;
  return proposals
    .filter((proposal) => shownByDefault(proposal) && words.every((word) => haystack(proposal).includes(word)))
    .sort((a, b) => Number(isLive(b, asOf)) - Number(isLive(a, asOf)) || ended(b) - ended(a) || a.id.localeCompare(b.id));
}

export interface ProposalSearchInput {
  typed: string;
  proposals: readonly FeedProposal[];
  asOf: string;
  recording?: Recording;
}

/** The answer to the search box: matching proposals, each linking to its page. */
export function proposalSearchPage(input: ProposalSearchInput): string {
  const found = matchProposals(input.proposals, input.typed, input.asOf);
  const shown = found.slice(0, SEARCH_MAX);
  const context = { asOf: input.asOf, ...(input.recording && { recording: input.recording }) };
  const said = found.length === 0 ? 'No proposal matches' : `${found.length} ${found.length === 1 ? 'proposal matches' : 'proposals match'}`;
  const body = html`${recordingNotice(input.recording)}<section class="intro" aria-labelledby="search-heading">
<h1 id="search-heading">${said} “<bdi>${input.typed.slice(0, 120)}</bdi>”</h1>
${proposalSearchForm(input.typed.slice(0, 120))}
</section>
${shown.length === 0
  ? html`<p class="empty">No proposal in the feed has these words in its title or protocol name. The feed holds the proposals its sources list now and recently; an older one may have left it.</p>`
  : html`<section aria-labelledby="results-heading"><h2 id="results-heading">Proposals <span class="count">(${found.length > SEARCH_MAX ? `the first ${SEARCH_MAX} of ${found.length}` : found.length}, live first)</span></h2>
${proposalTable(shown, context, 'Live proposals first, then the most recently ended')}</section>`}
<section aria-labelledby="wallet-search-heading"><h2 id="wallet-search-heading">Or a wallet</h2>${searchForm()}</section>`;
  return layout({ title: `${said} · Govex`, description: `${said} “${input.typed.slice(0, 120)}” in the Govex proposal feed.` }, body).text;
}
