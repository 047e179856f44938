import type { ProposalStatus } from '../../contract/enums.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { proposalId } from '../../governance/proposalId.js';
import { summarize } from '../../governance/summarize.js';
import { AMENDMENT_FEATURES } from './amendmentFeatures.js';
import { amendmentStatus } from './amendmentStatus.js';
import type { AmendmentsNode, FeatureList } from './ledgerObjects.js';
import { isoFromRippleTime } from './rippleTime.js';

/** An amendment enables once it has held its majority this long (xrpl-dev-portal amendments.md). */
export const MAJORITY_PERIOD_SECONDS = 14 * 24 * 60 * 60;

export interface AmendmentInput {
  amendments: AmendmentsNode;
  features: FeatureList['features'];
  now: Date;
}

/**
 * Live amendments as proposals: those holding a majority in the validated ledger (passed,
 * effective two weeks after the majority's ledger time). Amendments the server merely supports are
 * left out: public `feature` lists obsolete ones the same way and shows no votes (amendmentStatus),
 * so they would sit in the feed as pending forever. Enabled amendments are left out too: the
 * ledger keeps no date for their enabling, and a feed of every switch flipped since 2012 tells a
 * wallet nothing; an amendment leaves the feed when it enables. `features` only lends names. Pure.
 */
export function amendmentProposals({ amendments, features, now }: AmendmentInput): FeedProposal[] {
  const enabled = new Set((amendments.Amendments ?? []).map((id) => id.toUpperCase()));
  const names = new Map(Object.entries(features).map(([id, info]) => [id.toUpperCase(), info.name]));
  // Every id in Majorities is a proposal even when this server does not list it.
  return (amendments.Majorities ?? []).flatMap(({ Majority }) => {
    const id = Majority.Amendment.toUpperCase();
    const status = amendmentStatus({ enabled: enabled.has(id), hasMajority: true });
    if (status !== 'passed') return [];
    return [amendmentProposal(id, names.get(id), status, Majority.CloseTime, now)];
  });
}

function amendmentProposal(id: string, name: string | undefined, status: ProposalStatus, closeTime: number, now: Date): FeedProposal {
  const title = `Amendment ${name ?? id}`;
  const majoritySince = isoFromRippleTime(closeTime);
  const effectiveDate = isoFromRippleTime(closeTime + MAJORITY_PERIOD_SECONDS);
  const description = describe(id, name, majoritySince, effectiveDate);
  return {
    id: proposalId('xrpl', 'amendment', id),
    protocol: 'xrpl',
    title,
    summary: summarize(description, title),
    description,
    status,
    votes: {},
    timeline: majoritySince ? { start: majoritySince, end: effectiveDate } : {},
    ...(effectiveDate && { effectiveDate }),
    ...(name && { sourceLinks: [{ url: knownAmendmentsUrl(name), label: 'Known Amendments on xrpl.org' }] }),
    // rippled declares bug fixes with XRPL_FIX, which names them fix…; every other amendment is an
    // XRPL_FEATURE that adds transaction types or ledger entries (features.macro).
    ...(name && !name.startsWith('fix') && { changeType: 'shape' as const }),
    // A switch of rules moves no number: it is a change of shape on the part of an account it
    // concerns (AMENDMENT_FEATURES), which reaches only positions there; an unknown one claims none.
    changes: name && AMENDMENT_FEATURES[name] ? [amendmentChange(id, name)] : [],
    firstSeen: now.toISOString(),
  };
}

function amendmentChange(id: string, name: string): ParameterChange {
  return { protocol: 'xrpl', market: AMENDMENT_FEATURES[name]!.market, parameter: 'amendment', to: name, unit: 'state', evidence: `Amendments.Majorities ${id}`, verified: true };
}

const knownAmendmentsUrl = (name: string) => `https://xrpl.org/resources/known-amendments#${name.toLowerCase()}`;

/** The ledger has no text for an amendment: the description states what the ledger says, and where the text is. */
function describe(id: string, name: string | undefined, majoritySince: string | undefined, effectiveDate: string | undefined): string {
  const who = `The ${name ?? 'unnamed'} amendment (ID ${id})`;
  const state = majoritySince
    ? `${who} has held the support of over 80% of trusted validators since ${majoritySince}, as the ledger's Amendments entry ` +
      `records. If that majority holds for two weeks, the amendment enables at the first flag ledger after ${effectiveDate}.`
    : // Only a CloseTime outside the ledger's time range lands here: say what is known, without a date.
      `${who} holds the support of over 80% of trusted validators, as the ledger's Amendments entry records. If that ` +
      'majority holds for two weeks, the amendment enables.';
  return name ? `${state}\n\nWhat it changes: ${knownAmendmentsUrl(name)}` : state;
}
