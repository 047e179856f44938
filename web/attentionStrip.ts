import type { Attention, AttentionDeadline, AttentionItem } from '../shared/scan/needsAttention.js';
import type { SafetyActionsReturnType } from '../shared/simulate/safetyActions.js';
import { votingPlace } from '../shared/modules/governanceSystems.js';
import { marketName } from '../shared/modules/registry.js';
import { formatHealthFactors } from '../shared/simulate/format.js';
import { clip, formatDate, formatPercent, formatUsd, relativeTime } from './format.js';
import { type Html, html } from './html.js';
import { levelBadge } from './levelBadge.js';
import { proposalPath, type TimingContext } from './proposalCard.js';
import { externalLink, proposalSources } from './sourceLinks.js';

/** "about $4,560": rounded up to three significant digits, so the amount named is enough, never just short of it. */
function aboutUsd(value: number): string {
  if (value < 100) return formatUsd(Math.ceil(value));
  const step = 10 ** (Math.floor(Math.log10(value)) - 2);
  return formatUsd(Math.ceil(value / step) * step);
}

const DEADLINE_WORDS: Record<AttentionDeadline['kind'], { ahead: string; past: string }> = {
  vote_ends: { ahead: 'vote ends', past: 'vote ended' },
  executes: { ahead: 'executes', past: 'was due to execute' },
  window_ends: { ahead: 'ends', past: 'ended' },
};

/**
 * "vote ends in 5 days", "executes in 18 hours", counted from the page's clock, the date on hover;
 * under a recording the date alone (as recorded), never a phrase counted from today.
 */
export function timeLeft(deadline: AttentionDeadline, context: TimingContext): Html {
  const words = DEADLINE_WORDS[deadline.kind];
  const ahead = Date.parse(deadline.at) > Date.parse(context.asOf);
  if (context.recording) return html`${ahead ? words.ahead : words.past} <time datetime="${deadline.at}">${formatDate(deadline.at)}</time> (as recorded)`;
  return html`${ahead ? words.ahead : words.past} <time datetime="${deadline.at}" title="${formatDate(deadline.at)}">${relativeTime(deadline.at, context.asOf)}</time>`;
}

/** What one lending account needs after the proposal: repay or add to stay above the target, and the price that liquidates it. */
function accountActions(actions: SafetyActionsReturnType, account: string): Html[] {
  const lines: Html[] = [];
  const { repayUsd, addCollateral, liquidation, target } = actions;
  if (repayUsd !== undefined) {
    const add = addCollateral ? html` or add about ${aboutUsd(addCollateral.usd)} of <bdi>${addCollateral.asset}</bdi> collateral (counted at its ${formatPercent(addCollateral.liquidationThreshold / 10_000)} liquidation threshold)` : '';
    lines.push(html`<strong>Repay about ${aboutUsd(repayUsd)}</strong>${add} to keep your ${account} account’s health factor above ${target.toFixed(1)} after it.`);
  }
  if (liquidation) {
    const share = formatPercent(liquidation.share);
    const asset = html`<bdi>${liquidation.asset}</bdi>`;
    const why = html` (${asset} is ${share} of the collateral that counts)`;
    if (liquidation.priceFactor >= 1) {
      lines.push(
        liquidation.price !== undefined
          ? html`After it, at today’s ${asset} price (${formatUsd(liquidation.currentPrice!)}) your ${account} account could be liquidated: it needs ${asset} above about ${formatUsd(liquidation.price)}${why}.`
          : html`After it, at today’s ${asset} price your ${account} account could be liquidated: it needs ${asset} ${formatPercent(liquidation.priceFactor - 1)} higher${why}.`,
      );
    } else {
      lines.push(
        liquidation.price !== undefined
          ? html`After it, your ${account} account is liquidated if ${asset} falls below about ${formatUsd(liquidation.price)} (now ${formatUsd(liquidation.currentPrice!)}, a ${formatPercent(1 - liquidation.priceFactor)} fall)${why}.`
          : html`After it, your ${account} account is liquidated if ${asset} falls ${formatPercent(1 - liquidation.priceFactor)}${why}.`,
      );
    }
  }
  return lines;
}

/**
 * Where to vote on it: its own page on its governance system (its first source link), else that
 * system's governance UI as its module declares it (a demo proposal, or a source that gives no link).
 */
function voteLink(proposal: AttentionItem['proposal']): { url: string; label: string } | undefined {
  const own = proposalSources(proposal)[0];
  if (own) return own;
  const place = votingPlace(proposal);
  return place && { url: place.voteUrl, label: place.voteLabel };
}

function attentionItem(item: AttentionItem, context: TimingContext): Html {
  const { proposal, impact, deadline, actions } = item;
  const level = impact!.level;
  const figure = impact!.estimatedChange ?? impact!.summary;
  const vote = proposal.spam === undefined ? voteLink(proposal) : undefined;
  const todo = [...(vote ? [html`Vote or follow it: ${externalLink(vote.url, vote.label)}.`] : []), ...actions.flatMap((entry) => accountActions(entry, marketName(proposal.protocol, entry.market)))];
  return html`<li class="attention-item level-${level}">
<p class="attention-title">${levelBadge(level)} <a href="${proposalPath(proposal.id)}"><bdi>${clip(proposal.title, 140)}</bdi></a></p>
<p class="attention-figure"><strong><bdi>${clip(figure, 200)}</bdi></strong>${deadline ? html` · <span class="time-left">${timeLeft(deadline, context)}</span>` : ''}</p>
${todo.length > 0 ? html`<ul class="attention-actions">${todo.map((line) => html`<li>${line}</li>`)}</ul>` : ''}
</li>`;
}

/**
 * The "Needs your attention" strip, first on the wallet page: every critical and high proposal,
 * its figure, the time left, and what the holder can do; then each account's health factor if every
 * open proposal passes. A plain sentence when nothing is critical or high, so its absence is said.
 */
export function attentionStrip(attention: Attention, context: TimingContext): Html {
  const combined = attention.combined.map((entry) => {
    const [from, to] = formatHealthFactors(entry.healthFactorBefore, entry.healthFactorAfter);
    return html`<p class="attention-combined">If the ${entry.proposals.length} open proposals touching your ${marketName(entry.protocol, entry.account.market)} account all pass, its health factor goes from ${from} to <strong>${to}</strong>${entry.healthFactorAfter < 1 ? ', below 1: it could be liquidated' : ''}.</p>`;
  });
  if (attention.items.length === 0) {
    return html`<section class="attention attention-calm" aria-labelledby="attention-heading">
<h2 id="attention-heading">Needs your attention</h2>
<p>Nothing critical or high: no proposal found here puts these positions at serious risk.</p>
${combined}
</section>`;
  }
  return html`<section class="attention" aria-labelledby="attention-heading">
<h2 id="attention-heading">Needs your attention <span class="count">(${attention.items.length})</span></h2>
<ol class="attention-list">${attention.items.map((item) => attentionItem(item, context))}</ol>
${combined}
</section>`;
}
