import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { summarize } from '../../governance/summarize.js';
import { decodeFeeChange } from './decodeFeeChange.js';
import { type FeeValues, feeValues, xrpText } from './feeValues.js';
import type { FeeSettingsNode, SetFeeTx } from './ledgerObjects.js';
import { previousFeesFromMeta } from './previousFeesFromMeta.js';
import { PUBLISHED_PREVIOUS_FEES } from './publishedFeeHistory.js';
import { isoFromRippleTime } from './rippleTime.js';

export interface FeeChangeInput {
  feeSettings: FeeSettingsNode;
  /** The SetFee named by FeeSettings.PreviousTxnID; undefined when the server no longer has it. */
  setFee?: SetFeeTx | undefined;
  now: Date;
}

/**
 * The latest fee vote outcome as an executed proposal: FeeSettings holds the values in force and
 * names the SetFee pseudo-transaction that last changed them (PreviousTxnID), whose ledger time
 * dates the change. Fee votes are continuous medians, not proposals, so the change itself is the
 * proposal (research sources.md §7). Undefined when the entry names no SetFee (genesis values). Pure.
 */
export function feeProposal({ feeSettings, setFee, now }: FeeChangeInput): FeedProposal | undefined {
  const txHash = feeSettings.PreviousTxnID;
  if (!txHash) return undefined;
  const ledgerIndex = feeSettings.PreviousTxnLgrSeq;
  // The SetFee's own values are the change; FeeSettings holds the same ones until the next vote.
  const next = feeValues(setFee?.fields ?? feeSettings);
  const fromMeta = previousFeesFromMeta(setFee?.meta, next);
  const published = PUBLISHED_PREVIOUS_FEES[txHash.toUpperCase()];
  const previous = fromMeta ?? published?.previous;
  const previousFrom = fromMeta ? `the meta of ${txHash}` : published?.source;
  const changes = decodeFeeChange(next, previous, { txHash, ledgerIndex, previousFrom });
  const at = isoFromRippleTime(setFee?.date);
  const title = `Fee vote: ${reserveText(next, previous)}`;
  const description = describe(next, previous, { txHash, ledgerIndex, at, previousFrom });
  return {
    id: proposalId('xrpl', 'fee', ledgerIndex ?? txHash),
    protocol: 'xrpl',
    title,
    summary: summarize(description, title),
    description,
    status: 'executed',
    votes: {},
    timeline: at ? { created: at, end: at } : {},
    ...(at && { effectiveDate: at }),
    sourceLinks: [
      { url: `https://livenet.xrpl.org/transactions/${txHash}`, label: 'SetFee on the XRPL Explorer' },
      ...(published && !fromMeta ? [{ url: published.source, label: 'Announcement on xrpl.org' }] : []),
      { url: 'https://xrpl.org/docs/concepts/consensus-protocol/fee-voting', label: 'How fee voting works' },
    ],
    changeType: 'parameter',
    changes,
    firstSeen: at ?? now.toISOString(),
  };
}

const change = (from: number | undefined, to: number): string => (from !== undefined && from !== to ? `${xrpText(from)} → ${xrpText(to)}` : xrpText(to));

function reserveText(next: FeeValues, previous: FeeValues | undefined): string {
  const parts = [
    next.reserveBaseDrops !== undefined && `base reserve ${change(previous?.reserveBaseDrops, next.reserveBaseDrops)}`,
    next.reserveIncrementDrops !== undefined && `owner reserve ${change(previous?.reserveIncrementDrops, next.reserveIncrementDrops)}`,
  ].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? parts.join(', ') : 'transaction cost changed';
}

function describe(
  next: FeeValues,
  previous: FeeValues | undefined,
  where: { txHash: string; ledgerIndex?: number | undefined; at?: string | undefined; previousFrom?: string | undefined },
): string {
  const when = where.at ? `on ${where.at}` : 'at a date this server no longer holds';
  const lines = [
    `Validators' fee voting changed the XRP Ledger's reserves ${when}: ${reserveText(next, previous)}.`,
    next.baseFeeDrops !== undefined &&
      `Reference transaction cost: ${previous?.baseFeeDrops !== undefined && previous.baseFeeDrops !== next.baseFeeDrops ? `${previous.baseFeeDrops} → ` : ''}${next.baseFeeDrops} drops.`,
    `Applied by the SetFee pseudo-transaction ${where.txHash}${where.ledgerIndex !== undefined ? ` in ledger ${where.ledgerIndex}` : ''}; these are the values of the FeeSettings ledger entry now.`,
    where.previousFrom && previous ? `Previous values from ${where.previousFrom}.` : 'Previous values are not known to this server.',
  ];
  return lines.filter((line): line is string => typeof line === 'string').join('\n\n');
}
