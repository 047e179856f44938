import { createHash } from 'node:crypto';
import type { FeedProposal } from '../shared/domain/proposal.js';
import type { StoredFeed } from '../shared/stores/types.js';
import { type Recording, recordingSentence } from '../shared/upstream/recording.js';
import { clip, formatDate, protocolName } from './format.js';
import { html } from './html.js';
import { liveProposals, primarySource } from './liveProposals.js';
import { statusText } from './recordingNotice.js';

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

function entry(proposal: FeedProposal, builtAt: string, recording: Recording | undefined) {
  const url = primarySource(proposal);
  const published = dateTime(proposal.timeline.created ?? proposal.firstSeen, builtAt);
  const timing = proposal.status === 'pending' ? `opens ${formatDate(proposal.timeline.start) || 'soon'}` : `vote ends ${formatDate(proposal.timeline.end) || 'date not given'}`;
  return html`<entry>
<id>${uuidFor(proposal.id)}</id>
<title type="text">${protocolName(proposal.protocol)}: ${clip(proposal.title, 300)}</title>
<published>${published}</published>
<updated>${dateTime(proposal.timeline.start, published)}</updated>
${url ? html`<link rel="alternate" type="text/html" href="${url}"/>` : ''}
<category term="${proposal.protocol}" label="${protocolName(proposal.protocol)}"/>
<category term="${proposal.status}"/>
${proposal.changeType ? html`<category term="${proposal.changeType}"/>` : ''}
<summary type="text">${statusText(proposal, recording)}, ${timing}. ${clip(proposal.summary, 600)}</summary>
</entry>`;
}

/** The Atom 1.0 feed (RFC 4287) of the proposals the index lists, prebuilt beside it; a recorded feed says so in its title, subtitle and every summary. */
export function atomFeed(feed: StoredFeed): string {
  const updated = dateTime(feed.builtAt, new Date(0).toISOString());
  return html`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${uuidFor('feed')}</id>
<title>Govex: ${feed.recording ? 'recorded (not live) governance proposals' : 'live governance proposals'}</title>
<subtitle>${feed.recording ? `Recorded data, not live. ${recordingSentence(feed.recording)} ` : ''}Live and pending governance proposals of DeFi protocols, most urgent vote first. Data only, not financial advice.</subtitle>
<updated>${updated}</updated>
<author><name>Govex</name></author>
<link rel="self" type="application/atom+xml" href="/feed.atom"/>
<link rel="alternate" type="text/html" href="/"/>
<generator>Govex</generator>
${liveProposals(feed).map((proposal) => entry(proposal, updated, feed.recording))}
</feed>
`.text;
}
