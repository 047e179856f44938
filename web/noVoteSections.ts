import type { Envelope, EnvelopeAssumption } from '../shared/contract/envelope.js';
import { CHANGED_RECENTLY_DAYS, MECHANISM_MEANINGS } from '../shared/contract/mechanisms.js';
import { mechanismOf } from '../shared/domain/proposal.js';
import { marketName } from '../shared/modules/registry.js';
import type { ScannedProposal } from '../shared/scan/scanResult.js';
import { clip, formatHealthFactor, formatUsd, protocolName, relativeDate } from './format.js';
import { type Html, html } from './html.js';
import { withUnit } from '../shared/simulate/format.js';
import { levelBadge } from './levelBadge.js';
import { parameterWords, valueWords } from './proposalChanges.js';
import { proposalPath } from './proposalRows.js';
import { externalLink, proposalSources } from './sourceLinks.js';

const DAY_MS = 86_400_000;

/** When a proposal took effect: its timeline's effectiveAt, else its effective date. */
const tookEffect = (item: ScannedProposal): string | undefined => item.proposal.timeline.effectiveAt ?? item.proposal.effectiveDate;

/**
 * The proposals touching the wallet that were executed in the last CHANGED_RECENTLY_DAYS days, the
 * latest first: the changes a holder may have missed, votes and no-vote changes alike. Pure.
 */
export function recentlyChanged(proposals: readonly ScannedProposal[], asOf: string): ScannedProposal[] {
  const now = Date.parse(asOf);
  return proposals
    .filter((item) => {
      const at = Date.parse(tookEffect(item) ?? '');
      return item.proposal.status === 'executed' && at <= now && now - at <= CHANGED_RECENTLY_DAYS * DAY_MS;
    })
    .sort((a, b) => Date.parse(tookEffect(b)!) - Date.parse(tookEffect(a)!));
}

/** A mechanism as a clause people read ("a risk steward … applied it within bounds fixed on chain …"); never its identifier. */
const mechanismWords = (mechanism: keyof typeof MECHANISM_MEANINGS): string => MECHANISM_MEANINGS[mechanism];

/** One recent change: what moved (its figure at execution), when, how, and where it came from. */
function recentItem(item: ScannedProposal, asOf: string): Html {
  const { proposal, impact } = item;
  const changes = proposal.changes.slice(0, 3);
  const source = proposalSources(proposal)[0];
  return html`<li class="recent-change">
<p><a href="${proposalPath(proposal.id)}"><bdi>${clip(proposal.title, 160)}</bdi></a> · ${protocolName(proposal.protocol)} · took effect ${relativeDate(tookEffect(item)!, asOf)}</p>
${changes.length > 0 ? html`<ul class="figures">${changes.map((change) => html`<li>${parameterWords(change.parameter)}${change.asset ? html` of <bdi>${change.asset}</bdi>` : ''}: ${change.from === undefined ? '' : html`${valueWords(change.from, change.unit)} → `}<strong>${valueWords(change.to, change.unit)}</strong></li>`)}</ul>` : ''}
${impact?.estimatedChange ? html`<p class="impact">At execution: ${clip(impact.estimatedChange, 200)}</p>` : ''}
<p class="mechanism">How: ${mechanismWords(mechanismOf(proposal))}.${source ? html` Source: ${externalLink(source.url, source.label, { asLink: proposal.spam === undefined })}` : ''}</p>
</li>`;
}

/** "Changed recently": empty when nothing touching the wallet took effect in the window. */
export function changedRecentlySection(proposals: readonly ScannedProposal[], asOf: string): Html {
  const recent = recentlyChanged(proposals, asOf);
  if (recent.length === 0) return html``;
  return html`<section class="changed-recently" aria-labelledby="changed-heading">
<h2 id="changed-heading">Changed recently <span class="count">(${recent.length}, taken effect in the last ${withUnit(String(CHANGED_RECENTLY_DAYS), 'days')})</span></h2>
<ul class="recent-changes">${recent.map((item) => recentItem(item, asOf))}</ul>
</section>`;
}

/** An assumption as the page says it: its sentence without the source, which follows as a link. */
const assumptionSentence = (assumption: EnvelopeAssumption): string => assumption.words.replace(/ \((declared default from|read from the contract)[^)]*\)\.$/, '.');

function assumptionItem(assumption: EnvelopeAssumption): Html {
  const origin = assumption.readFrom === 'chain' ? 'read from the contract' : 'declared default';
  return html`<li>${assumptionSentence(assumption)} <span class="mechanism">(${mechanismWords(assumption.mechanism)}; bound: ${origin}, ${externalLink(assumption.sourceUrl, 'source')})</span></li>`;
}

/** The envelope's figure: the health factor or the yearly money, now and at worst. */
function envelopeFigure(envelope: Envelope): Html {
  if (envelope.healthFactor) return html`<p class="figure">Health factor ${formatHealthFactor(envelope.healthFactor.now)} now → <strong>${formatHealthFactor(envelope.healthFactor.worst)}</strong> at worst</p>`;
  if (envelope.yearlyUsd) return html`<p class="figure">About ${formatUsd(envelope.yearlyUsd.now)} a year now → <strong>${formatUsd(envelope.yearlyUsd.worst)}</strong> at worst</p>`;
  return html``;
}

function envelopeItem(envelope: Envelope): Html {
  return html`<article class="envelope">
<h3>${marketName(envelope.protocol, envelope.market)} ${levelBadge(envelope.level)}</h3>
${envelopeFigure(envelope)}
<p class="impact">${envelope.summary}</p>
<ul class="assumptions">${envelope.assumptions.map(assumptionItem)}</ul>
</article>`;
}

/** "The worst without a vote": one block per envelope, most material first; empty when none reaches the wallet. */
export function worstWithoutVoteSection(envelopes: readonly Envelope[]): Html {
  if (envelopes.length === 0) return html``;
  const rank = ['critical', 'high', 'medium', 'low', 'none'];
  const ordered = [...envelopes].sort((a, b) => rank.indexOf(a.level) - rank.indexOf(b.level));
  const horizon = envelopes[0]!.horizonDays;
  return html`<section class="worst-without-vote" aria-labelledby="worst-heading">
<h2 id="worst-heading">The worst without a vote <span class="count">(within ${withUnit(String(horizon), 'days')})</span></h2>
<p>What stewards, risk oracles, rate modules and guardians may do to your positions on their own, inside the bounds their contracts enforce: no vote and, for most, no notice.</p>
${ordered.map(envelopeItem)}
</section>`;
}
