import type { FeedProposal } from '../shared/domain/proposal.js';
import type { ScannedProposal } from '../shared/scan/scanResult.js';
import type { Recording } from '../shared/upstream/recording.js';
import { clip, formatDate, formatUsd, protocolName, relativeTime } from './format.js';
import { type Html, html } from './html.js';
import { levelBadge } from './levelBadge.js';
import { statusHtml } from './recordingNotice.js';
import { sourceList } from './sourceLinks.js';

/** Titles come from strangers and may be any length; the page shows the start, the JSON keeps it whole. */
export const TITLE_MAX = 200;

/** Our page for one proposal (/p/{id}): every title on the wallet page links there. */
export const proposalPath = (id: string): string => `/p/${encodeURIComponent(id)}`;

/** What the dates of a card are read against: the page's time, and the recording when the data is one. */
export interface TimingContext {
  /** When the page's data was read (its refreshedAt): relative phrases ("in 3 days") count from it. */
  asOf: string;
  /** Set under UPSTREAM=recorded: dates are then the recording's, and no phrase counts from today. */
  recording?: Recording;
}

/** A date with how far it is from the page's time ("Nov 26, 2026, 16:00 UTC, in 4 days"); the date alone for a recording. */
function dated(iso: string, context: TimingContext): Html {
  const relative = context.recording ? '' : relativeTime(iso, context.asOf);
  return html`<time datetime="${iso}">${formatDate(iso)}</time>${relative ? `, ${relative}` : ''}`;
}

/**
 * "Vote ends Nov 22, 2026, 10:00 UTC, in 3 days", "Effective …": the dates that matter for the
 * proposal's status, worded by whether they are still ahead of the page's time (a passed proposal's
 * end may be a window still open, as a payload's execution deadline is).
 */
export function proposalTiming(proposal: FeedProposal, context: TimingContext): Html {
  const parts: Html[] = [];
  const ahead = (iso: string) => !context.recording && Date.parse(iso) > Date.parse(context.asOf);
  const { end } = proposal.timeline;
  if (end && (proposal.status === 'active' || proposal.status === 'pending')) parts.push(html`Vote ends ${dated(end, context)}`);
  else if (end) parts.push(html`${ahead(end) ? 'Ends' : 'Vote ended'} ${dated(end, context)}`);
  if (proposal.effectiveDate) parts.push(html`${ahead(proposal.effectiveDate) ? 'Takes effect' : 'Effective'} ${dated(proposal.effectiveDate, context)}`);
  return html`${parts.map((part, index) => html`${index > 0 ? ' · ' : ''}${part}`)}`;
}

/** One proposal touching the wallet: level, what it does to the wallet, when, and where it comes from. */
export function proposalCard({ proposal, impact }: ScannedProposal, context: TimingContext): Html {
  const level = impact?.level ?? 'none';
  return html`<article class="proposal level-${level}">
<h3>${levelBadge(level)} <a href="${proposalPath(proposal.id)}"><bdi>${clip(proposal.title, TITLE_MAX)}</bdi></a></h3>
<p class="meta">${protocolName(proposal.protocol)} · <span class="status">${statusHtml(proposal, context.recording)}</span>${proposal.changeType ? html` · ${proposal.changeType} change` : ''} · ${proposalTiming(proposal, context)}</p>
${impact ? html`<p class="impact"><bdi>${clip(impact.summary, 400)}</bdi></p>
<dl class="figures">
${impact.estimatedChange ? html`<div><dt>Estimated change</dt><dd><bdi>${clip(impact.estimatedChange, 200)}</bdi></dd></div>` : ''}
${impact.estimatedImpactUsd !== undefined ? html`<div><dt>In dollars</dt><dd>${formatUsd(impact.estimatedImpactUsd, { signed: true })}</dd></div>` : ''}
${impact.analysisStatus === 'awaiting_analysis' ? html`<div><dt>Analysis</dt><dd>matched, not yet quantified</dd></div>` : ''}
</dl>` : ''}
${sourceList(proposal)}
</article>`;
}
