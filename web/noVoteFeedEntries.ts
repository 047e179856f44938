import { createHash } from 'node:crypto';
import type { Envelope } from '../shared/contract/envelope.js';
import type { ImpactLevel } from '../shared/contract/enums.js';
import { MECHANISM_MEANINGS } from '../shared/contract/mechanisms.js';
import { mechanismOf } from '../shared/domain/proposal.js';
import { marketName } from '../shared/modules/registry.js';
import type { ScannedProposal } from '../shared/scan/scanResult.js';
import { clip, formatHealthFactor, formatUsd, protocolName, relativeTime } from './format.js';
import { type Html, html } from './html.js';
import { recentlyChanged } from './noVoteSections.js';
import { proposalSources } from './sourceLinks.js';

const LEVEL_WORDS: Record<ImpactLevel, string> = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low', none: 'No change' };

/** An envelope's entry id: the wallet's feed id, then the envelope's protocol, market and asset (tag URI, RFC 4151). */
export const envelopeEntryId = (feedId: string, envelope: Envelope): string =>
  `${feedId}/worst-without-vote/${[envelope.protocol, envelope.market, envelope.asset ?? ''].map(encodeURIComponent).join('/')}`;

/**
 * When an envelope's entry last changed, with no store: the start of the scan's UTC day, with the
 * seconds taken from a hash of what it says (level, figures, sentence). It moves when the worst case
 * changes, and at most once a day otherwise; never from one request to the next.
 */
export function envelopeUpdated(envelope: Envelope, asOf: string): string {
  const day = Math.floor(Date.parse(asOf) / 86_400_000) * 86_400_000;
  const seconds = createHash('sha256').update(`${envelope.level}|${JSON.stringify(envelope.healthFactor ?? envelope.yearlyUsd ?? {})}|${envelope.summary}`).digest().readUInt32BE(0) % 60;
  return new Date(day + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

const figure = (envelope: Envelope): string =>
  envelope.healthFactor
    ? `health factor ${formatHealthFactor(envelope.healthFactor.now)} now, ${formatHealthFactor(envelope.healthFactor.worst)} at worst`
    : envelope.yearlyUsd
      ? `about ${formatUsd(envelope.yearlyUsd.now)} a year now, ${formatUsd(envelope.yearlyUsd.worst)} at worst`
      : '';

/** One Atom entry for one envelope: the worst case without a vote, its assumptions with their mechanisms in words and source links. */
export function envelopeEntry(envelope: Envelope, context: { feedId: string; pageUrl: string; asOf: string }): { entry: Html; updated: string } {
  const updated = envelopeUpdated(envelope, context.asOf);
  const market = marketName(envelope.protocol, envelope.market);
  const content = html`<p><strong>${LEVEL_WORDS[envelope.level]}</strong>: ${envelope.summary}</p>
${figure(envelope) ? html`<p>Figure: ${figure(envelope)}.</p>` : ''}
<ul>${envelope.assumptions.map((assumption) => html`<li>${assumption.words} How: ${MECHANISM_MEANINGS[assumption.mechanism]}. <a href="${assumption.sourceUrl}">Source</a></li>`)}</ul>
<p><a href="${context.pageUrl}">This wallet’s page</a></p>`;
  const entry = html`<entry>
<id>${envelopeEntryId(context.feedId, envelope)}</id>
<title type="text">${LEVEL_WORDS[envelope.level]} · The worst without a vote: ${protocolName(envelope.protocol)}, ${market}</title>
<updated>${updated}</updated>
<link rel="alternate" type="text/html" href="${context.pageUrl}"/>
<category term="${envelope.protocol}" label="${protocolName(envelope.protocol)}"/>
<category term="worst-without-vote" label="The worst without a vote"/>
<category term="${envelope.level}"/>
<summary type="text">${clip(envelope.summary, 400)}</summary>
<content type="html">${content.text}</content>
</entry>`;
  return { entry, updated };
}

/**
 * The lines a wallet feed entry adds for a proposal that changed recently (executed in the last 30
 * days): when it took effect, how (its mechanism in words) and its source. Empty for any other.
 */
export function recentChangeLines(item: ScannedProposal, asOf: string): Html {
  if (recentlyChanged([item], asOf).length === 0) return html``;
  const { proposal } = item;
  const at = proposal.timeline.effectiveAt ?? proposal.effectiveDate!;
  const source = proposal.spam === undefined ? proposalSources(proposal)[0] : undefined;
  return html`<li>Changed recently: took effect ${relativeTime(at, asOf) || at}. How: ${MECHANISM_MEANINGS[mechanismOf(proposal)]}.${source ? html` <a href="${source.url}">${clip(source.label, 80)}</a>` : ''}</li>`;
}
