import type { FeedProposal } from '../../domain/proposal.js';
import { cleanUrl } from './cleanUrl.js';
import type { FeedNotice } from './feedNotices.js';
import { sanitizeProposal } from './sanitizeProposal.js';
import { wireProblem } from './wireProblem.js';

export interface SanitizedProposals {
  proposals: FeedProposal[];
  notices: FeedNotice[];
}

/** A proposal's id for a notice: it passed ProposalIdParam, or it is not repeated. */
const idOf = (raw: unknown): string => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(id) ? id : 'a proposal without a valid id';
};

/**
 * One source's proposals as the feed may store them (sanitizeProposal each), with a notice per
 * proposal that lost a value or was held back. `source` names the governance system for proposals
 * that do not carry their own `sourceKey` (fresh from a source). Pure.
 */
export function sanitizeProposals(raw: readonly unknown[], options: { source?: string; fallbackFirstSeen: string }): SanitizedProposals {
  const proposals: FeedProposal[] = [];
  const notices: FeedNotice[] = [];
  for (const entry of raw) {
    const cleaned = sanitizeProposal(entry, options.fallbackFirstSeen);
    const source = options.source ?? ('proposal' in cleaned ? cleaned.proposal.sourceKey ?? cleaned.proposal.protocol : sourceOf(entry));
    if ('heldBack' in cleaned) {
      notices.push({ source, text: `${idOf(entry)} held back (${cleaned.heldBack})` });
      continue;
    }
    proposals.push(cleaned.proposal);
    if (cleaned.notes.length > 0) notices.push({ source, text: `${cleaned.proposal.id}: ${cleaned.notes.join(', ')}`, keptId: cleaned.proposal.id });
  }
  return { proposals, notices };
}

/**
 * The proposals whose wire forms the contract accepts (wireProblem), without links that are not
 * http(s); the others held back, each with a notice. Run on the finished feed at build time and on every stored feed read, since a
 * stored feed may come from an older build. Pure.
 */
export function servableProposals(proposals: readonly FeedProposal[]): SanitizedProposals {
  const servable: FeedProposal[] = [];
  const notices: FeedNotice[] = [];
  for (const stored of proposals) {
    const proposal = httpLinksOnly(stored);
    const problem = wireProblem(proposal);
    if (problem === undefined) servable.push(proposal);
    else notices.push({ source: sourceOf(proposal), text: `${idOf(proposal)} held back (${problem})` });
  }
  return { proposals: servable, notices };
}

/**
 * The proposal without a link that is not http(s). The contract types snapshotUrl and
 * discussionUrl as text, so a feed stored before the builder checked links would serve a
 * `javascript:` one; the builder's own feeds pass unchanged (and the same object). Pure.
 */
function httpLinksOnly(proposal: FeedProposal): FeedProposal {
  if (typeof proposal !== 'object' || proposal === null) return proposal;
  const links = Array.isArray(proposal.sourceLinks) ? proposal.sourceLinks : undefined;
  const keptLinks = links?.filter((link) => cleanUrl(link?.url) !== undefined);
  const badSnapshot = proposal.snapshotUrl !== undefined && cleanUrl(proposal.snapshotUrl) === undefined;
  const badDiscussion = proposal.discussionUrl !== undefined && cleanUrl(proposal.discussionUrl) === undefined;
  if (!badSnapshot && !badDiscussion && keptLinks?.length === links?.length) return proposal;
  const { snapshotUrl, discussionUrl, sourceLinks: _sourceLinks, ...rest } = proposal;
  return {
    ...rest,
    ...(keptLinks && keptLinks.length > 0 && { sourceLinks: keptLinks }),
    ...(!badSnapshot && snapshotUrl !== undefined && { snapshotUrl }),
    ...(!badDiscussion && discussionUrl !== undefined && { discussionUrl }),
  };
}

/** The governance system a stored proposal names, else its protocol; text only. */
function sourceOf(raw: unknown): string {
  const { sourceKey, protocol } = (raw ?? {}) as { sourceKey?: unknown; protocol?: unknown };
  return typeof sourceKey === 'string' ? sourceKey : typeof protocol === 'string' ? protocol : 'unknown';
}
