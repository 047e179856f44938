import type { ImpactLevel } from '../shared/contract/enums.js';
import type { ScannedProposal } from '../shared/scan/scanResult.js';
import type { Recording } from '../shared/upstream/recording.js';
import { deadlineOf } from './atomFeed.js';
import { clip, formatUsd, protocolName } from './format.js';
import { type Html, html } from './html.js';
import { proposalPath } from './proposalRows.js';
import { statusText } from './recordingNotice.js';
import { entryUpdated, latestOf } from './walletFeedUpdated.js';
import type { Envelope } from '../shared/contract/envelope.js';
import { envelopeEntry, recentChangeLines } from './noVoteFeedEntries.js';

export interface WalletFeedInput {
  /** What the link named: the address, or the ens name. */
  shown: string;
  /** The address scanned (an ens name's resolution): entry ids are minted from it. */
  address: string;
  mode: 'mock' | 'live';
  /** The matched proposals, most material first (walletProposals). */
  proposals: readonly ScannedProposal[];
  /** The public base address (baseUrl): every link is absolute. */
  base: string;
  /** When the scan was made: which of a proposal's dates are reached (walletFeedUpdated). */
  asOf: string;
  recording?: Recording;
  /** The scan's worst cases without a vote: one entry each. */
  envelopes?: readonly Envelope[];
}

const LEVEL_WORDS: Record<ImpactLevel, string> = { critical: 'Critical impact', high: 'High impact', medium: 'Medium impact', low: 'Low impact', none: 'No change' };
const levelBadgeText = (level: ImpactLevel | undefined): string => LEVEL_WORDS[level ?? 'none'];

/** Tag URIs (RFC 4151): absolute, never changing, and free of the host name, which differs per deployment. */
const TAG = 'tag:govex,2026-11-25:';
export const walletFeedId = (address: string): string => `${TAG}wallet/${encodeURIComponent(address)}`;
export const walletEntryId = (address: string, proposalId: string): string => `${walletFeedId(address)}/proposal/${encodeURIComponent(proposalId)}`;

/** What an entry's `updated` follows besides its dates: the level and the figure it states. */
export const walletFingerprint = ({ impact }: ScannedProposal): string =>
  `${impact?.level ?? 'none'}|${impact?.estimatedChange ?? ''}|${impact?.estimatedImpactUsd === undefined ? '' : impact.estimatedImpactUsd.toFixed(2)}`;

/** The page at `/w/…` of what the link named. */
export const walletPageUrl = (base: string, shown: string): string => `${base}/w/${encodeURIComponent(shown)}`;

function content(item: ScannedProposal, input: WalletFeedInput): Html {
  const { proposal, impact } = item;
  const figure = [impact?.estimatedChange, impact?.estimatedImpactUsd === undefined ? undefined : `${formatUsd(impact.estimatedImpactUsd, { signed: true })} a year`].filter(Boolean).join(', ');
  return html`<p><strong>${levelBadgeText(impact?.level)}</strong> for ${input.shown}: ${clip(impact?.summary ?? 'touches this wallet’s positions', 400)}</p>
<ul>
<li>Why it is here: it changes ${impact?.affectedAssets?.length ? impact.affectedAssets.join(', ') : 'a market this wallet holds a position in'}.</li>
${figure ? html`<li>Estimated change: ${clip(figure, 200)}</li>` : ''}
${impact?.analysisStatus === 'awaiting_analysis' ? html`<li>Matched, not yet quantified.</li>` : ''}
<li>${statusText(proposal, input.recording)}, ${deadlineOf(proposal)}.</li>
${recentChangeLines(item, input.asOf)}
</ul>
<p>${clip(proposal.summary, 600)}</p>
<p><a href="${input.base}${proposalPath(proposal.id)}">The proposal on Govex</a> · <a href="${walletPageUrl(input.base, input.shown)}">This wallet’s page</a></p>`;
}

function entry(item: ScannedProposal, input: WalletFeedInput, updated: string): Html {
  const { proposal, impact } = item;
  return html`<entry>
<id>${walletEntryId(input.address, proposal.id)}</id>
<title type="text">${levelBadgeText(impact?.level)} · ${protocolName(proposal.protocol)}: ${clip(proposal.title, 300)}</title>
<updated>${updated}</updated>
<link rel="alternate" type="text/html" href="${input.base}${proposalPath(proposal.id)}"/>
<category term="${proposal.protocol}" label="${protocolName(proposal.protocol)}"/>
<category term="${proposal.status}"/>
<category term="${impact?.level ?? 'none'}"/>
<summary type="text">${clip(impact?.summary ?? proposal.summary, 400)}</summary>
<content type="html">${content(item, input).text}</content>
</entry>`;
}

/**
 * A wallet's own Atom 1.0 feed (RFC 4287): one entry per proposal touching it, from the page's
 * scan. Deterministic for a scan, so its ETag holds until an entry changes: the feed's `updated`
 * is the latest entry's (walletFeedUpdated), never the time of the request.
 */
export function walletFeed(input: WalletFeedInput): { body: string; updated: string } {
  const entries = input.proposals.map((item) => ({ item, updated: entryUpdated(item.proposal, walletFingerprint(item), input.asOf) }));
  const pageUrl = walletPageUrl(input.base, input.shown);
  const envelopes = (input.envelopes ?? []).map((envelope) => envelopeEntry(envelope, { feedId: walletFeedId(input.address), pageUrl, asOf: input.asOf }));
  const updated = latestOf([...entries.map((e) => e.updated), ...envelopes.map((e) => e.updated)]);
  const data = input.mode === 'mock' ? 'Demo data, not real. ' : input.recording ? 'Recorded data, not live. ' : '';
  const body = html`<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${walletFeedId(input.address)}</id>
<title>Govex: proposals touching ${input.shown}</title>
<subtitle>${data}Governance proposals that change the positions of ${input.shown}, with their simulated impact, most material first. Data only, not financial advice.</subtitle>
<updated>${updated}</updated>
<author><name>Govex</name><uri>${input.base}/</uri></author>
<link rel="self" type="application/atom+xml" href="${pageUrl}/feed.atom"/>
<link rel="alternate" type="text/html" href="${pageUrl}"/>
<generator>Govex</generator>
${entries.map(({ item, updated: at }) => entry(item, input, at))}
${envelopes.map(({ entry: envelope }) => envelope)}
</feed>
`.text;
  return { body, updated };
}
