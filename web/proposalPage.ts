import type { FeedProposal } from '../shared/domain/proposal.js';
import { readsOldValues } from '../shared/feed/currentValues/readsOldValues.js';
import { votingPlace } from '../shared/modules/governanceSystems.js';
import type { Recording } from '../shared/upstream/recording.js';
import { clip, formatAmount, formatDate, protocolName, relativeTime } from './format.js';
import { type Html, html } from './html.js';
import { layout, searchForm } from './layout.js';
import { type ChainColumn, changesTable } from './proposalChanges.js';
import { proposalTiming, TITLE_MAX } from './proposalCard.js';
import { recordingNotice, statusHtml, statusText } from './recordingNotice.js';
import { externalLink, ownLink, sourceList } from './sourceLinks.js';

export interface ProposalPageInput {
  proposal: FeedProposal;
  /** A demo proposal (mode mock): made up, said so at the top. */
  demo: boolean;
  /** What relative dates count from: the time of the request (the page is rendered per request). */
  asOf: string;
  /** Set when the feed was built from recordings: dates are then the recording's. */
  recording?: Recording;
  /** This page's absolute address (the link preview's og:url). */
  pageUrl?: string;
  /** The same proposal as JSON (GET /api/proposals/{id}), absolute. */
  jsonUrl?: string;
  /** For a demo proposal: a demo wallet it touches, to try the form with. */
  demoWallet?: string;
  /** When the stored feed, and so its chain readings, was built. */
  readAt?: string;
}

/** Upstream bodies can be very long; the page shows the start and the JSON keeps it whole. */
const DESCRIPTION_MAX = 6_000;

/** One proposal for people: what it changes and how we know, when, where it comes from, and its effect on a wallet. */
export function proposalPage(input: ProposalPageInput): string {
  const { proposal } = input;
  const recording = input.demo ? undefined : input.recording;
  const context = { asOf: input.asOf, ...(recording && { recording }) };
  const title = clip(proposal.title, TITLE_MAX);
  const said = `${protocolName(proposal.protocol)} proposal, ${statusText(proposal, recording)}: ${proposal.changes.length} ${proposal.changes.length === 1 ? 'change' : 'changes'} read.`;
  const body = html`${recordingNotice(recording)}${input.demo ? demoNotice() : ''}${proposal.spam ? spamNotice(proposal.spam) : ''}
<section class="intro proposal-head" aria-labelledby="proposal-heading">
<h1 id="proposal-heading"><span class="eyebrow">${protocolName(proposal.protocol)} proposal</span> <bdi>${title}</bdi></h1>
<p class="meta"><span class="status">${statusHtml(proposal, recording)}</span>${proposal.changeType ? html` · ${proposal.changeType} change` : ''} · ${proposalTiming(proposal, context)}</p>
${proposal.summary ? html`<p><bdi>${clip(proposal.summary, 600)}</bdi></p>` : ''}
</section>
<section aria-labelledby="changes-heading">
<h2 id="changes-heading">What it changes</h2>
${changesTable(proposal.changes, chainColumn(input))}
</section>
<section aria-labelledby="timeline-heading">
<h2 id="timeline-heading">Timeline</h2>
${timeline(proposal, context)}
${votes(proposal)}
</section>
<section aria-labelledby="sources-heading">
<h2 id="sources-heading">Sources</h2>
${governanceLine(proposal)}
${sourceList(proposal)}
${input.jsonUrl ? html`<p>This proposal as JSON: <code>${ownLink(input.jsonUrl, input.jsonUrl)}</code></p>` : ''}
</section>
<section class="intro" aria-labelledby="wallet-heading">
<h2 id="wallet-heading">Its effect on a wallet</h2>
<p>A wallet’s page simulates this proposal, and every other open one, on that wallet’s positions.${input.demoWallet ? html` Try the demo wallet: <a href="/w/${input.demoWallet}"><code class="address">${input.demoWallet}</code></a>.` : ''}</p>
${searchForm()}
</section>
${proposal.description ? html`<details class="description"><summary>The proposal’s text</summary><div class="text"><bdi>${clip(proposal.description, DESCRIPTION_MAX)}</bdi></div></details>` : ''}`;
  return layout(
    {
      title: `${title} · Govex`,
      description: said,
      url: input.pageUrl,
      // A proposal held back as spam is shown to say why, never offered to search engines.
      ...(proposal.spam && { head: html`<meta name="robots" content="noindex">` }),
    },
    body,
  ).text;
}

/** The “now on chain” column: where and when its values were read, and why none were when none were. */
function chainColumn(input: ProposalPageInput): ChainColumn {
  const { proposal } = input;
  const readWhen = input.demo
    ? 'from the demo wallet’s made-up positions'
    : input.recording
      ? 'from the recorded chain'
      : input.readAt
        ? `when the feed was built (${formatDate(input.readAt)})`
        : 'when the feed was built';
  const unreadBecause = readsOldValues(proposal)
    ? 'the feed was built before values were read on chain'
    : proposal.spam
      ? 'it is held back as spam'
      : proposal.status === 'executed' || proposal.status === 'closed' || proposal.status === 'canceled'
        ? `the proposal is ${proposal.status}; only proposals that can still take effect are read`
        : 'no change to read';
  return { ...(proposal.chainReadings && { readings: proposal.chainReadings }), unreadBecause, readWhen };
}

/** The governance system it belongs to, by its module's name for it, and where that system's votes are held. */
function governanceLine(proposal: FeedProposal): Html {
  const place = votingPlace(proposal);
  if (!place) return html``;
  return html`<p class="governance">Governance system: ${place.name} · Vote or follow it: ${externalLink(place.voteUrl, place.voteLabel, { asLink: proposal.spam === undefined })}</p>`;
}

const demoNotice = (): Html => html`<div class="banner banner-demo" role="note"><strong>Demo proposal — not real.</strong> Fixed sample data showing what a proposal page looks like; no protocol voted on it.</div>`;

/** The verdict of a spam rule, first: its links are shown as words only. */
const spamNotice = (spam: NonNullable<FeedProposal['spam']>): Html =>
  html`<div class="banner banner-recorded" role="alert"><strong>Held back as spam or phishing.</strong> <bdi>${clip(spam.reason, 200)}</bdi> (rule ${spam.rule}). Its links are not links here; do not follow them or connect a wallet to them.</div>`;

function dated(label: string, iso: string | undefined, context: { asOf: string; recording?: Recording }): Html {
  if (!iso) return html``;
  const relative = context.recording ? '' : relativeTime(iso, context.asOf);
  return html`<div><dt>${label}</dt><dd><time datetime="${iso}">${formatDate(iso)}</time>${relative ? html`<span class="relative">, ${relative}</span>` : ''}</dd></div>`;
}

/** Its dates: created, voting, execution (the eta of a passed proposal), and when we first saw it. */
function timeline(proposal: FeedProposal, context: { asOf: string; recording?: Recording }): Html {
  const { created, start, end } = proposal.timeline;
  return html`<dl class="timeline">
${dated('Created', created, context)}
${dated('Voting opens', start, context)}
${dated(proposal.status === 'active' || proposal.status === 'pending' ? 'Vote ends' : 'Vote ended', end, context)}
${dated(effectLabel(proposal, context), proposal.effectiveDate, context)}
${created === proposal.firstSeen ? '' : dated('First seen by Govex', proposal.firstSeen, context)}
</dl>`;
}

/** The eta's words: still ahead of the page's time, or already reached (a recording's dates are never compared with today). */
function effectLabel(proposal: FeedProposal, context: { asOf: string; recording?: Recording }): string {
  if (proposal.status === 'executed') return 'Executed';
  const ahead = !context.recording && proposal.effectiveDate !== undefined && Date.parse(proposal.effectiveDate) > Date.parse(context.asOf);
  return ahead ? 'Takes effect' : proposal.status === 'passed' && !context.recording ? 'Executable since' : 'Effective';
}

/** The vote's weights, where the source gives them. */
function votes(proposal: FeedProposal): Html {
  const { for: yes, against, abstain, quorumRequired, quorumReached } = proposal.votes;
  const rows = [
    ['For', yes],
    ['Against', against],
    ['Abstain', abstain],
    ['Quorum', quorumRequired],
  ].filter((row): row is [string, number] => typeof row[1] === 'number' && Number.isFinite(row[1]));
  if (rows.length === 0 && quorumReached === undefined) return html``;
  return html`<dl class="figures votes">${rows.map(([label, value]) => html`<div><dt>${label}</dt><dd>${formatAmount(String(value))}</dd></div>`)}${quorumReached === undefined ? '' : html`<div><dt>Quorum reached</dt><dd>${quorumReached ? 'yes' : 'not yet'}</dd></div>`}</dl>`;
}
