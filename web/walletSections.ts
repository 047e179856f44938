import type { ScanDegradation } from '../shared/contract/common.js';
import type { ScannedProposal } from '../shared/scan/scanResult.js';
import { chainName, protocolName } from './format.js';
import { type Html, html } from './html.js';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The wallet's headline, as the page and its link preview state it: "3 proposals touch this
 * wallet, 1 critical". The most severe level is named when it is critical or high.
 */
export function walletHeadline(input: { positions: number; proposals: readonly ScannedProposal[] }): string {
  if (input.positions === 0) return 'No positions found for this wallet';
  const count = input.proposals.length;
  if (count === 0) return `${plural(input.positions, 'position', 'positions')}, no live proposal touches them`;
  const headline = `${plural(count, 'proposal touches', 'proposals touch')} this wallet`;
  for (const level of ['critical', 'high'] as const) {
    const severe = input.proposals.filter((item) => item.impact?.level === level).length;
    if (severe > 0) return `${headline}, ${severe} ${level}`;
  }
  return headline;
}

/** The banner on demo wallets (mode mock): made-up data, never anyone's exposure. */
export const demoBanner = (): Html => html`<div class="banner banner-demo" role="note"><strong>Demo wallet — this data is not real.</strong> It is fixed sample data showing what a scan looks like; no one holds this wallet.</div>`;

/** Partial coverage, named: a protocol listed here could not be checked, which never means "no position". */
export function coverageNotice(degraded: readonly ScanDegradation[]): Html {
  if (degraded.length === 0) return html``;
  return html`<div class="banner banner-partial" role="note"><strong>Partial coverage.</strong> These could not be checked just now, so they may hide positions or proposals:
<ul>${degraded.map((entry) => html`<li>${protocolName(entry.module)} — ${entry.component === 'exposure' ? 'positions' : 'proposals'}${entry.chain ? ` on ${chainName(entry.chain)}` : ''}</li>`)}</ul></div>`;
}

/** What to say when the lists are empty: plainly, and which protocols were looked at. */
export function emptyState(input: { positions: number; proposals: number; checked: readonly string[] }): Html {
  const names = input.checked.map(protocolName).join(', ');
  if (input.positions === 0) return html`<p class="empty">Nothing found: this wallet has no positions on the protocols checked (${names || 'none serve this kind of address'}).</p>`;
  if (input.proposals === 0) return html`<p class="empty">No live or recent proposal touches these positions. Protocols checked: ${names}.</p>`;
  return html``;
}
