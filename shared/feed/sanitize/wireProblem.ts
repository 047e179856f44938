import { CompactProposal, Proposal } from '../../contract/proposal.js';
import { ProposalIdParam } from '../../contract/query.js';
import type { FeedProposal } from '../../domain/proposal.js';
import { renderProposal } from '../../proposals/render.js';

/**
 * Why a stored proposal cannot be served, or undefined when it can: both of its wire forms (full
 * and compact) must validate against the contract's schemas, and its id must be one the detail
 * endpoint accepts. A wallet's impact is added per scan, from the simulator's own values. Pure.
 *
 * @example wireProblem({ ...proposal, timeline: { end: '+010000-01-01T00:00:00.000Z' } }) // 'timeline.end: Invalid ISO datetime'
 */
export function wireProblem(proposal: FeedProposal): string | undefined {
  try {
    if (!ProposalIdParam.safeParse(proposal.id).success) return 'id: not [A-Za-z0-9_-]{1,200}';
    const full = Proposal.safeParse(renderProposal({ proposal }, 'full'));
    if (!full.success) return firstIssue(full.error.issues);
    const compact = CompactProposal.safeParse(renderProposal({ proposal }, 'compact'));
    if (!compact.success) return `compact ${firstIssue(compact.error.issues)}`;
    return undefined;
  } catch (error) {
    // A stored value of a type no renderer expects (a summary that is a number) throws while rendering.
    return `unreadable (${error instanceof Error ? error.name : 'error'})`;
  }
}

/** The first issue's path and zod's message: names the field, never echoes the value (it goes on the wire in a notice). */
const firstIssue = (issues: readonly { path: readonly PropertyKey[]; message: string }[]): string => {
  const [issue] = issues;
  return issue ? `${issue.path.map(String).join('.') || 'proposal'}: ${issue.message.slice(0, 120)}` : 'rejected by the contract';
};
