import type { ParameterKind } from '../../domain/parameterKind.js';
import type { TableChangesOptions } from '../../changes/tableChanges.js';
import type { ProposalVotes } from '../../contract/proposal.js';
import { tableChanges } from '../../changes/tableChanges.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { isHttpUrl } from '../isHttpUrl.js';
import { proposalId } from '../proposalId.js';
import { summarize } from '../summarize.js';
import { isoFromUnixSeconds } from '../time.js';
import type { SnapshotProposal } from './snapshotProposal.js';
import { snapshotSpamVerdict } from './snapshotSpam.js';
import { snapshotQuorumReached, snapshotStatus } from './snapshotStatus.js';

export interface NormalizeSnapshotOptions {
  /** The module slug the proposal belongs to: the id's first part and every change's protocol. */
  protocol: string;
  /** The module's own parameter kinds, read from the body's tables beside the shared ones. */
  kinds?: readonly ParameterKind[];
  /** The market a table row names (its Network column, the heading above), in the module's market names (ModuleInfo.tableMarket). */
  marketOf?: TableChangesOptions['marketOf'];
  /** The feed build's clock: firstSeen when the hub gives no creation time. */
  now: Date;
}

/**
 * A Snapshot hub proposal as a FeedProposal: id `<protocol>-snapshot-<proposal id>`, status by
 * snapshotStatus, scores (already in token units, floats) as votes, the snapshot.box page as the
 * first source link, and the body's Current/Proposed tables as unverified changes (Snapshot carries
 * text only). A proposal the hub flags (its moderation: spam, scam) is kept with a spam verdict.
 * Pure.
 *
 * @example normalizeSnapshotProposal(hubProposal, { protocol: slug, now }) // { id: `${slug}-snapshot-${hubProposal.id}`, … }
 */
export function normalizeSnapshotProposal(proposal: SnapshotProposal, options: NormalizeSnapshotOptions): FeedProposal | undefined {
  const spam = snapshotSpamVerdict(proposal);
  const body = proposal.body ?? '';
  const link = snapshotLink(proposal);
  // The hub stores whatever the author typed as `discussion`; only a URL can be a link.
  const discussion = isHttpUrl(proposal.discussion?.trim()) ? proposal.discussion!.trim() : undefined;
  const changes = tableChanges(body, { protocol: options.protocol, where: `Snapshot ${proposal.id} body`, ...(options.kinds && { kinds: options.kinds }), ...(options.marketOf && { marketOf: options.marketOf }) });
  const created = isoFromUnixSeconds(proposal.created);
  const start = isoFromUnixSeconds(proposal.start);
  const end = isoFromUnixSeconds(proposal.end);
  return {
    id: proposalId(options.protocol, 'snapshot', proposal.id),
    protocol: options.protocol,
    title: proposal.title,
    summary: summarize(body, proposal.title),
    description: body,
    ...(proposal.author && { proposer: proposal.author }),
    status: snapshotStatus(proposal),
    votes: votesOf(proposal),
    timeline: { ...(created && { created }), ...(start && { start }), ...(end && { end }) },
    sourceLinks: [
      ...(link ? [{ url: link, label: 'Vote on Snapshot' }] : []),
      ...(discussion ? [{ url: discussion, label: 'Discussion' }] : []),
    ],
    ...(link && { snapshotUrl: link }),
    ...(discussion && { discussionUrl: discussion }),
    ...(changes.length > 0 && { changeType: 'parameter' as const }),
    changes,
    firstSeen: created ?? options.now.toISOString(),
    ...(spam && { spam }),
  };
}

/** The hub's own `link`, else the same URL built the way the hub builds it (snapshot-hub helpers.ts). */
function snapshotLink(proposal: SnapshotProposal): string | undefined {
  if (proposal.link) return proposal.link;
  const space = proposal.space?.id;
  return space ? `https://snapshot.box/#/s:${space}/proposal/${proposal.id}` : undefined;
}

/** For/Against/Abstain only mean something for `basic` voting; other types report the total alone. */
function votesOf(proposal: SnapshotProposal): ProposalVotes {
  const total = proposal.scores_total ?? undefined;
  const quorum = proposal.quorum ?? 0;
  const reached = snapshotQuorumReached(proposal);
  const quorumFields = { ...(quorum > 0 && { quorumRequired: quorum }), ...(reached !== undefined && { quorumReached: reached }) };
  if (proposal.type !== 'basic') return { ...(total !== undefined && { total }), ...quorumFields };
  const [forVotes = 0, against = 0, abstain = 0] = proposal.scores ?? [];
  return { for: forVotes, against, abstain, ...(total !== undefined && { total }), ...quorumFields };
}


