import type { ScannedProposal } from '../shared/scan/scanResult.js';
import { clip, protocolName } from './format.js';
import { proposalPath } from './proposalRows.js';
import { walletFingerprint, walletPageUrl } from './walletFeed.js';
import { entryUpdated, latestOf } from './walletFeedUpdated.js';
import { icsDateTime, icsLines, icsText } from './walletCalendarText.js';

export interface WalletCalendarInput {
  shown: string;
  address: string;
  mode: 'mock' | 'live';
  /** The matched proposals (walletProposals). */
  proposals: readonly ScannedProposal[];
  base: string;
  asOf: string;
}

/** The dates of a proposal a holder acts by: when its vote ends, and when its change takes effect (a queue's eta, a timelock's). */
type Moment = 'vote-end' | 'effective';

const isDate = (iso: string | undefined): iso is string => iso !== undefined && Number.isFinite(Date.parse(iso));

function moments({ proposal }: ScannedProposal): { kind: Moment; at: string }[] {
  const found: { kind: Moment; at: string }[] = [];
  if (isDate(proposal.timeline.end)) found.push({ kind: 'vote-end', at: proposal.timeline.end });
  if (isDate(proposal.effectiveDate)) found.push({ kind: 'effective', at: proposal.effectiveDate });
  return found;
}

/**
 * A UID per wallet, proposal and kind of date (RFC 5545 §3.8.4.7): the same event keeps its UID when
 * its date moves (a re-queued eta), so a calendar moves it instead of adding a second one.
 */
export const calendarUid = (address: string, proposalId: string, kind: Moment): string =>
  `${kind}.${encodeURIComponent(proposalId)}.${encodeURIComponent(address)}@govex`;

function event(item: ScannedProposal, kind: Moment, at: string, input: WalletCalendarInput, stamp: string): string[] {
  const { proposal, impact } = item;
  const name = `${protocolName(proposal.protocol)}: ${clip(proposal.title, 200)}`;
  const url = `${input.base}${proposalPath(proposal.id)}`;
  const level = impact?.level ?? 'none';
  const summary = `${kind === 'vote-end' ? 'Vote ends' : 'Takes effect'}: ${name}`;
  const description = [
    `${level === 'none' ? 'No change' : `${level[0]!.toUpperCase()}${level.slice(1)} impact`} for ${input.shown}: ${clip(impact?.summary ?? proposal.summary, 400)}`,
    ...(impact?.estimatedChange ? [`Estimated change: ${clip(impact.estimatedChange, 200)}`] : []),
    `Proposal: ${url}`,
    `Wallet: ${walletPageUrl(input.base, input.shown)}`,
  ].join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:${calendarUid(input.address, proposal.id, kind)}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    `DTSTART:${icsDateTime(at)}`,
    `SUMMARY:${icsText(summary)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${url}`,
    `CATEGORIES:${icsText(protocolName(proposal.protocol))},${icsText(level)}`,
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-PT24H',
    `DESCRIPTION:${icsText(`In 24 hours: ${summary}`)}`,
    'END:VALARM',
    'END:VEVENT',
  ];
}

/**
 * A wallet's calendar (RFC 5545): an event at each voting end and each effective time of the
 * proposals touching it, each with an alarm 24 hours before. DTSTAMP is the entry's `updated` of the
 * wallet feed (walletFeedUpdated), so the body is the same for the same scan and its ETag holds.
 */
export function walletCalendar(input: WalletCalendarInput): { body: string; updated: string } {
  const stamps: string[] = [];
  const events = input.proposals.flatMap((item) => {
    const stamp = entryUpdated(item.proposal, walletFingerprint(item), input.asOf);
    stamps.push(stamp);
    return moments(item).flatMap(({ kind, at }) => event(item, kind, at, input, stamp));
  });
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Govex//Governance exposure//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${icsText(`Govex: ${input.shown}`)}`,
    `X-WR-CALDESC:${icsText(`${input.mode === 'mock' ? 'Demo data, not real. ' : ''}Deadlines of the governance proposals touching ${input.shown}. Data only, not financial advice.`)}`,
    ...events,
    'END:VCALENDAR',
  ];
  return { body: icsLines(lines), updated: latestOf(stamps) };
}
