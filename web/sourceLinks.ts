import type { FeedProposal } from '../shared/domain/proposal.js';
import { isHttpUrl } from '../shared/governance/isHttpUrl.js';
import { clip } from './format.js';
import { type Html, html } from './html.js';

/**
 * A link to somewhere upstream named it: an anchor only for an http(s) URL, plain text otherwise
 * (a `javascript:` or `data:` link stays words). Never followed with our referrer or our window.
 */
export function externalLink(url: string, label: string, options: { asLink?: boolean } = {}): Html {
  if (options.asLink === false || !isHttpUrl(url)) return html`<span class="inert">${clip(label, 80)} (${clip(url, 120)})</span>`;
  return html`<a href="${url}" rel="noopener noreferrer nofollow ugc">${clip(label, 80)}</a>`;
}

/** A link to one of our own absolute addresses (the JSON of a scan): still an anchor only for http(s). */
export const ownLink = (url: string, label: string): Html => (isHttpUrl(url) ? html`<a href="${url}">${label}</a>` : html`<span>${label}</span>`);

/** Every source a proposal names, primary first; a proposal held back as spam gets no anchor at all. */
export function proposalSources(proposal: Pick<FeedProposal, 'sourceLinks' | 'snapshotUrl' | 'discussionUrl' | 'spam'>): { url: string; label: string }[] {
  const links = [...(proposal.sourceLinks ?? [])];
  if (proposal.snapshotUrl && !links.some((link) => link.url === proposal.snapshotUrl)) links.push({ url: proposal.snapshotUrl, label: 'Snapshot' });
  if (proposal.discussionUrl && !links.some((link) => link.url === proposal.discussionUrl)) links.push({ url: proposal.discussionUrl, label: 'Discussion' });
  return links;
}

/** The sources of a proposal as a list of links (text only when it is held back as spam). */
export function sourceList(proposal: Parameters<typeof proposalSources>[0]): Html {
  const links = proposalSources(proposal);
  if (links.length === 0) return html``;
  const asLink = proposal.spam === undefined;
  return html`<ul class="sources">${links.map((link) => html`<li>${externalLink(link.url, link.label, { asLink })}</li>`)}</ul>`;
}
