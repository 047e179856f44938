import type { FeedProposal } from '../shared/domain/proposal.js';
import type { Recording } from '../shared/upstream/recording.js';
import { clip, formatDate, relativeTime } from './format.js';
import { type Html, html } from './html.js';
import { TITLE_MAX } from './proposalCard.js';
import { statusHtml } from './recordingNotice.js';

/** Our page of a proposal (its id is `[A-Za-z0-9_-]`, one path segment). */
export const proposalPath = (id: string): string => `/p/${encodeURIComponent(id)}`;

export interface RowContext {
  /** What relative dates count from (the feed's build); none under a recording. */
  asOf: string;
  recording?: Recording;
}

/** "Vote ends …", "Opens …", "Executes …": the one date that matters for where the proposal stands. */
function when(proposal: FeedProposal, context: RowContext): Html {
  const [label, iso] =
    proposal.status === 'pending'
      ? ['Opens', proposal.timeline.start]
      : proposal.status === 'passed' && proposal.effectiveDate
        ? [Date.parse(proposal.effectiveDate) > Date.parse(context.asOf) ? 'Executes' : 'Executable since', proposal.effectiveDate]
        : [proposal.status === 'active' ? 'Vote ends' : 'Ended', proposal.timeline.end];
  if (!iso) return html`${proposal.status === 'pending' ? 'Opening date not given' : 'Date not given'}`;
  const relative = context.recording ? '' : relativeTime(iso, context.asOf);
  return html`${label} <time datetime="${iso}">${formatDate(iso)}</time>${relative ? html`<span class="relative">, ${relative}</span>` : ''}`;
}

/** Proposals as a table, each title linking to its page; on narrow screens each row is a small card. */
export function proposalTable(proposals: readonly FeedProposal[], context: RowContext, caption: Html | string): Html {
  return html`<div class="table-wrap"><table class="feed stack">
<caption>${caption}</caption>
<thead><tr><th scope="col">Proposal</th><th scope="col">When</th><th scope="col">Status</th><th scope="col">Change</th></tr></thead>
<tbody>${proposals.map(
    (proposal) => html`<tr>
<td data-label="Proposal"><a href="${proposalPath(proposal.id)}"><bdi>${clip(proposal.title, TITLE_MAX)}</bdi></a></td>
<td data-label="When">${when(proposal, context)}</td>
<td data-label="Status" class="status">${statusHtml(proposal, context.recording)}</td>
<td data-label="Change">${proposal.changeType ?? '—'}</td>
</tr>`,
  )}</tbody>
</table></div>`;
}
