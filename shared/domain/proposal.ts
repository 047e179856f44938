import { DEFAULT_MECHANISM, type Mechanism } from '../contract/mechanisms.js';
import type { Proposal } from '../contract/proposal.js';
import type { ChainReading } from './chainReading.js';
import type { ParameterChange } from './parameterChange.js';

/** Why a proposal is held back as spam or phishing: the written rule it meets, and what it found. */
export interface SpamVerdict {
  /** The rule's id, as GET /api lists the rules (e.g. `snapshot/flagged`). */
  rule: string;
  /** What this proposal showed, in our words ("title advertises an airdrop"). */
  reason: string;
}

/** A proposal as the feed stores it: the wire Proposal plus what matching and merging need. */
export interface FeedProposal extends Omit<Proposal, 'mechanism'> {
  /** Absent means a vote (DEFAULT_MECHANISM): sources before issue 23 and stored feeds never set it; the wire always carries it. */
  mechanism?: Mechanism;
  changes: ParameterChange[];
  /** timeline.created where the source gives it, else when a feed build first saw it; kept across builds. */
  firstSeen: string;
  /** The governance system that listed it (`<slug>/<system>`), set by the feed build; never on the wire. */
  sourceKey?: string;
  /**
   * What the chain holds now where each change would act, one per change in order, read by the
   * change's module when the feed is built, for an open proposal only (shared/feed/currentValues/);
   * the proposal page shows it beside the stated old value. Never on the wire.
   */
  chainReadings?: ChainReading[];
  /**
   * Set when a spam rule holds the proposal back: it stays in the stored feed, but the global feed,
   * scans and the index leave it out unless `includeSpam=true`, and none of its links is ever
   * rendered as a link. Never on the wire as such.
   */
  spam?: SpamVerdict;
}

/** Whether a proposal is shown by default (not held back as spam). */
export const shownByDefault = (proposal: Pick<FeedProposal, 'spam'>): boolean => proposal.spam === undefined;

/** How the proposal's change reaches the chain: a vote unless its source says otherwise. */
export const mechanismOf = (proposal: Pick<FeedProposal, 'mechanism'>): Mechanism => proposal.mechanism ?? DEFAULT_MECHANISM;
