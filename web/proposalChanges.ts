import type { ParameterChange, ParameterUnit } from '../shared/domain/parameterChange.js';
import { SHARED_PARAMETER_KINDS } from '../shared/domain/sharedParameters.js';
import { moduleInfo } from '../shared/modules/registry.js';
import { clip, formatAmount, formatPercent } from './format.js';
import { type Html, html } from './html.js';

/**
 * A parameter kind in words for a table cell: its module's or the shared label, without the
 * article, first letter up ("Liquidation threshold"); a kind nobody labels is split into words,
 * never shown as its identifier.
 */
export function parameterWords(protocol: string, parameter: string): string {
  const kind = moduleInfo(protocol)?.parameters?.find((candidate) => candidate.name === parameter) ?? SHARED_PARAMETER_KINDS.find((candidate) => candidate.name === parameter);
  const words = kind ? kind.label.replace(/^the /, '') : parameter.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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

/** What a change applies to, in words: the asset, the eMode category, the curve's side; the protocol-wide case says so. */
function subjectWords(change: ParameterChange): string {
  const parts = [
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

/** The changes a proposal makes, one row each: what, where, before and after, and how it was read. */
export function changesTable(changes: readonly ParameterChange[]): Html {
  if (changes.length === 0) {
    return html`<p class="empty">No parameter change could be read from this proposal’s actions or text. It is listed for its status and sources; a scan counts it as touching a wallet only when it names the wallet’s market.</p>`;
  }
  return html`<div class="table-wrap"><table class="changes stack">
<caption>${changes.length} ${changes.length === 1 ? 'change' : 'changes'}; “before” is the value the source gave, which a wallet’s scan compares with the value read on chain</caption>
<thead><tr><th scope="col">Parameter</th><th scope="col">Applies to</th><th scope="col">Before</th><th scope="col">After</th><th scope="col">How it was read</th></tr></thead>
<tbody>${changes.map(
    (change) => html`<tr>
<td data-label="Parameter">${parameterWords(change.protocol, change.parameter)}</td>
<td data-label="Applies to"><bdi>${clip(subjectWords(change), 120)}</bdi></td>
<td data-label="Before" class="num"><bdi>${valueWords(change.from, change.unit)}</bdi></td>
<td data-label="After" class="num"><bdi>${valueWords(change.to, change.unit)}</bdi></td>
<td data-label="How it was read">${evidenceCell(change)}</td>
</tr>`,
  )}</tbody>
</table></div>`;
}
