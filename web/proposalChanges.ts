import type { ChainReading } from '../shared/domain/chainReading.js';
import type { ParameterChange, ParameterUnit } from '../shared/domain/parameterChange.js';
import { type ReadingVerdict, readingVerdict } from '../shared/feed/currentValues/readingVerdict.js';
import { capitalized } from '../shared/domain/words.js';
import { MODULE_INFOS } from '../shared/modules/registry.js';
import { kindsOf, marketNameOf, parameterLabelOf } from '../shared/simulate/registered.js';
import { clip, formatAmount, formatPercent } from './format.js';
import { type Html, html } from './html.js';

// The modules' words, as scans' summaries use them: built once, at first use.
let words: { label: (parameter: string) => string; market: (protocol: string, market: string) => string } | undefined;
const wordsOfModules = () => (words ??= { label: parameterLabelOf(kindsOf(MODULE_INFOS)), market: marketNameOf(MODULE_INFOS) });

/** A parameter kind in words for a table cell, without the article: "Liquidation threshold"; never its identifier. */
export const parameterWords = (parameter: string): string => capitalized(wordsOfModules().label(parameter).replace(/^the /, ''));

/** A stated value in its unit, for people: shares and rates as percentages, amounts grouped, states as written. */
export function valueWords(value: number | string | undefined, unit: ParameterUnit): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return clip(value, 80);
  if (unit === 'bps') return formatPercent(value / 10_000);
  if (unit === 'fraction') return formatPercent(value);
  if (unit === 'drops') return `${formatAmount(String(value))} drops`;
  if (unit === 'tokens') return formatAmount(String(value));
  return String(value);
}

/** What a change applies to, in words: the market by its name, the asset, the eMode category, the curve's side. */
function subjectWords(change: ParameterChange): string {
  const parts = [
    change.market ? wordsOfModules().market(change.protocol, change.market) : undefined,
    change.asset,
    change.eModeCategory !== undefined ? `eMode category ${change.eModeCategory}` : change.eModeLabel ? `eMode “${change.eModeLabel}”` : undefined,
    change.side ? `${change.side} curve` : undefined,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(', ') : 'not one asset';
}

/**
 * How the change was read, in words: a verified change was decoded from what the proposal executes
 * (calldata, a message, a payload's view, a ledger event); an unverified one from its text, and a
 * scan checks it against the chain before counting it. The evidence is the source's own words.
 */
function evidenceCell(change: ParameterChange): Html {
  const how = change.verified ? 'Verified: decoded from what the proposal executes' : 'Unverified: read from the proposal’s text';
  return html`<span class="${change.verified ? 'verified' : 'unverified'}">${how}</span><br><code class="evidence"><bdi>${clip(change.evidence, 160)}</bdi></code>`;
}

/** Where the “now on chain” column's values come from, for its caption and its cells. */
export interface ChainColumn {
  /** One per change (FeedProposal.chainReadings); absent when none was read. */
  readings?: readonly ChainReading[];
  /** Why nothing was read when `readings` is absent ("the proposal is executed…"). */
  unreadBecause: string;
  /** The caption's words for where and when the values were read ("when the feed was built, Nov 25, 20:15 UTC"). */
  readWhen: string;
}

const VERDICT_WORDS: Record<Exclude<ReadingVerdict['kind'], 'not_read'>, string> = {
  agrees: 'agrees with “before”',
  disagrees: 'differs from “before”',
  in_effect: 'already the new value',
  no_stated_old: 'the value it replaces (none stated)',
};

/** The chain's value beside the stated one: agrees, differs, already in effect, or not read and why. */
function chainCell(change: ParameterChange, reading: ChainReading | undefined, column: ChainColumn): Html {
  if (!reading) return html`<span class="chain-unread">Not read: ${column.unreadBecause}</span>`;
  const verdict = readingVerdict(change, reading);
  if (verdict.kind === 'not_read') return html`<span class="chain-unread">Not read: ${clip(verdict.reason, 200)}</span>`;
  return html`<span class="chain-value"><bdi>${valueWords(verdict.value, change.unit)}</bdi></span><br><span class="chain-${verdict.kind.replace(/_/g, '-')}">${VERDICT_WORDS[verdict.kind]}</span>`;
}

/** The changes a proposal makes, one row each: what, where, before and after, what the chain holds now, and how it was read. */
export function changesTable(changes: readonly ParameterChange[], column: ChainColumn): Html {
  if (changes.length === 0) {
    return html`<p class="empty">No parameter change could be read from this proposal’s actions or text. It is listed for its status and sources; a scan counts it as touching a wallet only when it names the wallet’s market.</p>`;
  }
  return html`<div class="table-wrap" tabindex="0" role="region" aria-labelledby="changes-heading"><table class="changes stack">
<caption>${changes.length} ${changes.length === 1 ? 'change' : 'changes'}; “before” is the value the source gave; “now on chain” is the value read ${column.readWhen}</caption>
<thead><tr><th scope="col">Parameter</th><th scope="col">Applies to</th><th scope="col">Before</th><th scope="col">After</th><th scope="col">Now on chain</th><th scope="col">How it was read</th></tr></thead>
<tbody>${changes.map(
    (change, index) => html`<tr>
<td data-label="Parameter">${parameterWords(change.parameter)}</td>
<td data-label="Applies to"><bdi>${clip(subjectWords(change), 120)}</bdi></td>
<td data-label="Before" class="num"><bdi>${valueWords(change.from, change.unit)}</bdi></td>
<td data-label="After" class="num"><bdi>${valueWords(change.to, change.unit)}</bdi></td>
<td data-label="Now on chain" class="chain">${chainCell(change, column.readings?.[index], column)}</td>
<td data-label="How it was read">${evidenceCell(change)}</td>
</tr>`,
  )}</tbody>
</table></div>`;
}
