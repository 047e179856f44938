import type { FeedProposal } from '../shared/domain/proposal.js';
import type { ScannedProposal } from '../shared/scan/scanResult.js';
import { clip, formatDate, formatUsd, protocolName } from './format.js';
import { type Html, html } from './html.js';
import { levelBadge } from './levelBadge.js';
import { sourceList } from './sourceLinks.js';

/** Titles come from strangers and may be any length; the page shows the start, the JSON keeps it whole. */
export const TITLE_MAX = 200;

/** "Vote ends Nov 22, 2026, 10:00 UTC", "Effective …": the date that matters for the proposal's status. */
export function proposalTiming(proposal: FeedProposal): Html {
  const parts: Html[] = [];
  if (proposal.timeline.end && (proposal.status === 'active' || proposal.status === 'pending')) parts.push(html`Vote ends <time datetime="${proposal.timeline.end}">${formatDate(proposal.timeline.end)}</time>`);
  else if (proposal.timeline.end) parts.push(html`Vote ended <time datetime="${proposal.timeline.end}">${formatDate(proposal.timeline.end)}</time>`);
  if (proposal.effectiveDate) parts.push(html`Effective <time datetime="${proposal.effectiveDate}">${formatDate(proposal.effectiveDate)}</time>`);
  return html`${parts.map((part, index) => html`${index > 0 ? ' · ' : ''}${part}`)}`;
}

/** One proposal touching the wallet: level, what it does to the wallet, when, and where it comes from. */
export function proposalCard({ proposal, impact }: ScannedProposal): Html {
  const level = impact?.level ?? 'none';
  return html`<article class="proposal level-${level}">
<h3>${levelBadge(level)} <bdi>${clip(proposal.title, TITLE_MAX)}</bdi></h3>
<p class="meta">${protocolName(proposal.protocol)} · <span class="status">${proposal.status}</span>${proposal.changeType ? html` · ${proposal.changeType} change` : ''} · ${proposalTiming(proposal)}</p>
${impact ? html`<p class="impact"><bdi>${clip(impact.summary, 400)}</bdi></p>
<dl class="figures">
${impact.estimatedChange ? html`<div><dt>Estimated change</dt><dd><bdi>${clip(impact.estimatedChange, 200)}</bdi></dd></div>` : ''}
${impact.estimatedImpactUsd !== undefined ? html`<div><dt>In dollars</dt><dd>${formatUsd(impact.estimatedImpactUsd, { signed: true })}</dd></div>` : ''}
${impact.analysisStatus === 'awaiting_analysis' ? html`<div><dt>Analysis</dt><dd>matched, not yet quantified</dd></div>` : ''}
</dl>` : ''}
${sourceList(proposal)}
</article>`;
}
