import type { ParameterChange } from '../domain/parameterChange.js';
import type { FeedProposal } from '../domain/proposal.js';

/**
 * Fields every demo proposal shares; the demo says what it is in its body, so nobody takes it for
 * real. First seen when created (demo dates are counted from the clock: shared/demo/demoClock.ts).
 */
export function demoProposal(
  fields: Omit<FeedProposal, 'firstSeen' | 'description' | 'votes' | 'timeline'> &
    Partial<Pick<FeedProposal, 'votes'>> & { timeline: FeedProposal['timeline'] & { created: string }; body: string; changes: ParameterChange[] },
): FeedProposal {
  const { body, ...rest } = fields;
  return {
    votes: {},
    ...rest,
    description: `${body}\n\n_Demo proposal (mode mock): fixed data for trying the API; not a real governance proposal._`,
    firstSeen: fields.timeline.created,
  };
}
