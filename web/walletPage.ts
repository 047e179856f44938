import type { AddressKind } from '../shared/address/types.js';
import type { ScanDegradation } from '../shared/contract/common.js';
import type { Position } from '../shared/contract/position.js';
import type { AccountPrices } from '../shared/scan/accountPrices.js';
import { needsAttention } from '../shared/scan/needsAttention.js';
import type { ScannedProposal } from '../shared/scan/scanResult.js';
import type { Recording } from '../shared/upstream/recording.js';
import { attentionStrip } from './attentionStrip.js';
import { exposureChart } from './exposureChart.js';
import { formatDate, protocolName } from './format.js';
import { type Html, html } from './html.js';
import { layout, searchForm } from './layout.js';
import { positionsTable } from './positionsTable.js';
import { proposalCard, type TimingContext } from './proposalCard.js';
import { recordingNotice } from './recordingNotice.js';
import { ownLink } from './sourceLinks.js';
import { coverageNotice, demoBanner, emptyState, walletHeadline } from './walletSections.js';
import type { Envelope } from '../shared/contract/envelope.js';
import { changedRecentlySection, worstWithoutVoteSection } from './noVoteSections.js';

export interface WalletPageInput {
  /** What the link named: an address, or an ens name. */
  shown: string;
  kind: AddressKind | 'ens';
  /** The address scanned (an ens name's resolution). */
  address: string;
  mode: 'mock' | 'live';
  positions: readonly Position[];
  /** Matched proposals, most material first (walletProposals). */
  proposals: readonly ScannedProposal[];
  checked: readonly string[];
  degraded: readonly ScanDegradation[];
  refreshedAt: string;
  /** Per lending account (by market), the prices its positions were read at (accountPrices): the liquidation price needs them. */
  prices?: Readonly<Record<string, AccountPrices>>;
  /** Set under UPSTREAM=recorded (Services.upstreams.recording): the page says it shows a recording, and of when. */
  recording?: Recording;
  jsonUrl: string;
  pageUrl?: string;
  /** The scan's worst cases without a vote (view full). */
  envelopes?: readonly Envelope[];
}

const KIND_NAMES: Record<WalletPageInput['kind'], string> = { evm: 'EVM address', solana: 'Solana address', cosmos: 'Cosmos address', xrpl: 'XRP Ledger address', ens: 'ens name' };

/** The page people are linked to: one wallet's positions and the proposals that change them. */
export function walletPage(input: WalletPageInput): string {
  // A demo wallet's data is made up here, not replayed: it is demo data under any upstreams.
  const recording = input.mode === 'mock' ? undefined : input.recording;
  const headline = walletHeadline({ positions: input.positions.length, proposals: input.proposals });
  const description = `${headline}. ${input.mode === 'mock' ? 'Demo data, not real. ' : ''}${recording ? 'Recorded data, not live. ' : ''}Simulated impact of ${recording ? 'recorded' : 'live'} governance proposals on ${input.shown}.`;
  const timing: TimingContext = { asOf: input.refreshedAt, ...(recording && { recording }) };
  // The wallet's own feed and calendar, under what the link named (an ens name stays one).
  const follow = `/w/${encodeURIComponent(input.shown)}`;
  const body = html`${recordingNotice(recording)}${input.mode === 'mock' ? demoBanner() : ''}
${input.positions.length > 0 ? attentionStrip(needsAttention(input.proposals, input.prices), timing) : ''}
<section class="wallet" aria-labelledby="wallet-heading">
<h1 id="wallet-heading"><span class="eyebrow">Governance exposure of</span> <code class="address">${input.shown}</code></h1>
<dl class="wallet-facts">
<div><dt>Kind</dt><dd>${KIND_NAMES[input.kind]}</dd></div>
${input.kind === 'ens' ? html`<div><dt>Resolves to</dt><dd><code class="address">${input.address}</code></dd></div>` : ''}
<div><dt>Refreshed</dt><dd><time datetime="${input.refreshedAt}">${formatDate(input.refreshedAt)}</time></dd></div>
<div><dt>Checked</dt><dd>${input.checked.map(protocolName).join(', ') || 'nothing serves this kind of address'}</dd></div>
</dl>
<p class="headline">${headline}.</p>
</section>
${coverageNotice(input.degraded)}
${emptyState({ positions: input.positions.length, proposals: input.proposals.length, checked: input.checked })}
${input.positions.length > 0 ? html`<section aria-labelledby="positions-heading"><h2 id="positions-heading">Positions</h2>${positionsTable(input.positions)}</section>` : ''}
${exposureChart(input.proposals)}
${input.proposals.length > 0 ? proposalsSection(input.proposals, timing) : ''}
${changedRecentlySection(input.proposals, input.refreshedAt)}
${worstWithoutVoteSection(input.envelopes ?? [])}
<section class="more" aria-labelledby="more-heading">
<h2 id="more-heading">More</h2>
<p class="follow">Follow this wallet: <a href="${follow}/feed.atom" type="application/atom+xml">Atom</a> · <a href="${follow}/calendar.ics" type="text/calendar">Calendar</a></p>
<p>The same scan as JSON: ${ownLink(input.jsonUrl, input.jsonUrl)}</p>
<p>For analysts: try changes on an account you describe by hand with the what-if, <code>POST /api/simulate</code> (${ownLink(URL.canParse('/llms.txt', input.jsonUrl) ? new URL('/llms.txt', input.jsonUrl).href : '', 'how to call it')}).</p>
${searchForm()}
</section>`;
  const head = html`<link rel="alternate" type="application/atom+xml" title="Govex: proposals touching ${input.shown}" href="${follow}/feed.atom">`;
  return layout({ title: `${headline} · Govex`, description, url: input.pageUrl, head }, body).text;
}

/** The cards, most material first; those that change nothing for the wallet fold into one closed section after them. */
function proposalsSection(proposals: readonly ScannedProposal[], context: TimingContext): Html {
  const changing = proposals.filter(({ impact }) => impact !== undefined && impact.level !== 'none');
  const still = proposals.filter((item) => !changing.includes(item));
  return html`<section aria-labelledby="proposals-heading">
<h2 id="proposals-heading">Proposals touching this wallet <span class="count">(${proposals.length}, most material first)</span></h2>
${changing.map((proposal) => proposalCard(proposal, context))}
${still.length > 0 ? html`<details class="no-effect">
<summary>${still.length} ${still.length === 1 ? 'proposal does' : 'proposals do'} not change your positions</summary>
${still.map((proposal) => proposalCard(proposal, context))}
</details>` : ''}
</section>`;
}
