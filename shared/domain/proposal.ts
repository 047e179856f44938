import type { Proposal } from '../api/schemas/proposal.js';
import type { ParameterChange } from './parameterChange.js';

/** A proposal as the feed stores it: the wire Proposal plus what matching and merging need. */
export interface FeedProposal extends Proposal {
  changes: ParameterChange[];
  /** timeline.created where the source gives it, else when a feed build first saw it; kept across builds. */
  firstSeen: string;
  /** The governance system that listed it (`aave/gov3`), set by the feed build; never on the wire. */
  sourceKey?: string;
}
