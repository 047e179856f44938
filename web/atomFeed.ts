import { createHash } from 'node:crypto';
import type { FeedProposal } from '../shared/domain/proposal.js';
import type { StoredFeed } from '../shared/stores/types.js';
import { type Recording, recordingSentence } from '../shared/upstream/recording.js';
import { clip, formatDate, protocolName } from './format.js';
import { html } from './html.js';
import { liveProposals, primarySource } from './liveProposals.js';
import { proposalPath } from './proposalRows.js';
import { statusText } from './recordingNotice.js';
import { entryUpdated, latestOf } from './walletFeedUpdated.js';

/**
 * A stable `urn:uuid:` for a name (the UUID version 5 layout over SHA-1, RFC 9562 §5.5): Atom ids
 * must be absolute IRIs that never change (RFC 4287 §4.2.6), and the builder does not know the
 * public host name, so ids are minted from the proposal id rather than from a URL.
 */
function uuidFor(name: string): string {
  const bytes = createHash('sha1').update(`govex:${name}`).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** An RFC 3339 date-time, or the fallback when the source's text is not a date. */
const dateTime = (value: string | undefined, fallback: string) => (value && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : fallback);

/** The one date that matters for where a live proposal stands, as the index states it (the wallet feed's deadline too). */
export function deadlineOf(proposal: FeedProposal): string {
  if (proposal.status === 'pending') return `opens ${formatDate(proposal.timeline.start) || 'soon'}`;
  if (proposal.status === 'passed') return `executes ${formatDate(proposal.effectiveDate) || 'date not given'}`;
  if (proposal.status === 'active') return `vote ends ${formatDate(proposal.timeline.end) || 'date not given'}`;
  if (proposal.status === 'executed') return proposal.effectiveDate ? `effective ${formatDate(proposal.effectiveDate)}` : 'no deadline left';
  return proposal.timeline.end ? `vote ended ${formatDate(proposal.timeline.end)}` : 'no deadline left';
}

function entry(proposal: FeedProposal, builtAt: string, recording: Recording | undefined, base: string) {
  const url = primarySource(proposal);
  const published = dateTime(proposal.timeline.created ?? proposal.firstSeen, builtAt);
  const timing = deadlineOf(proposal);
  const page = `${base}${proposalPath(proposal.id)}`;
  // Moves when the status does, or when a date of the proposal is reached (walletFeedUpdated).
  const updated = entryUpdated(proposal, '', builtAt);
  const content = html`<p>${statusText(proposal, recording)}, ${timing}.</p>
<p>${clip(proposal.summary, 600)}</p>
<p><a href="${page}">The proposal on Govex</a>, with its changes and their effect on a wallet you name${url ? html` · <a href="${url}">Its source</a>` : ''}</p>`;
  return {
    updated,
    xml: html`<entry>
<id>${uuidFor(proposal.id)}</id>
<title type="text">${protocolName(proposal.protocol)}: ${clip(proposal.title, 300)}</title>
<published>${Date.parse(published) <= Date.parse(updated) ? published : updated}</published>
<updated>${updated}</updated>
<link rel="alternate" type="text/html" href="${page}"/>
${url ? html`<link rel="related" type="text/html" href="${url}"/>` : ''}
<category term="${proposal.protocol}" label="${protocolName(proposal.protocol)}"/>
<category term="${proposal.status}"/>
${proposal.changeType ? html`<category term="${proposal.changeType}"/>` : ''}
<summary type="text">${statusText(proposal, recording)}, ${timing}. ${clip(proposal.summary, 600)}</summary>
<content type="html">${content.text}</content>
</entry>`,
  };
}

/**
 * The Atom 1.0 feed (RFC 4287) of the proposals the index lists, prebuilt beside it; a recorded feed
 * says so in its title, subtitle and every summary. Each entry's alternate link is its page on this
 * site (`/p/{id}`), its source the related link. `base` is the public address (PUBLIC_BASE_URL) when
 * the builder knows it: links are then absolute, as feed readers that ignore the document's own
 * address need; without it they are relative to the feed's address (RFC 4287 §2 allows both).
 */
export function atomFeed(feed: StoredFeed, base = ''): string {
  const builtAt = dateTime(feed.builtAt, new Date(0).toISOString());
  const entries = liveProposals(feed).map((proposal) => entry(proposal, builtAt, feed.recording, base));
  // The latest entry's, not the build's: a build every 5 minutes that changes nothing leaves the file, and its ETag, as they were.
  const updated = latestOf(entries.map((built) => built.updated));
  return html`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${uuidFor('feed')}</id>
<title>Govex: ${feed.recording ? 'recorded (not live) governance proposals' : 'live governance proposals'}</title>
<subtitle>${feed.recording ? `Recorded data, not live. ${recordingSentence(feed.recording)} ` : ''}Live governance proposals of DeFi protocols (open, waiting to open, or passed and waiting to execute), most urgent first. Data only, not financial advice.</subtitle>
<updated>${updated}</updated>
<author><name>Govex</name></author>
<link rel="self" type="application/atom+xml" href="${base}/feed.atom"/>
<link rel="alternate" type="text/html" href="${base}/"/>
<generator>Govex</generator>
${entries.map((built) => built.xml)}
</feed>
`.text;
}
