import type { ParameterChange } from '../domain/parameterChange.js';
import type { FeedProposal } from '../domain/proposal.js';

/** Fields every demo proposal shares; the demo says what it is in its body, so nobody takes it for real. */
export function demoProposal(
  fields: Omit<FeedProposal, 'firstSeen' | 'description' | 'votes'> &
    Partial<Pick<FeedProposal, 'votes'>> & { body: string; changes: ParameterChange[] },
): FeedProposal {
  const { body, ...rest } = fields;
  return {
    votes: {},
    ...rest,
    description: `${body}\n\n_Demo proposal (mode mock): fixed data for trying the API; not a real governance proposal._`,
    firstSeen: fields.timeline.created ?? '2026-11-01T00:00:00Z',
  };
}
