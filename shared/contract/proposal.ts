import * as z from 'zod';
import { DateTime, SourceLink } from './common.js';
import { AnalysisStatus, ChangeType, ImpactLevel, Mechanism, ProposalStatus } from './enums.js';

export const ProposalVotes = z
  .object({
    for: z.number().optional(),
    against: z.number().optional(),
    abstain: z.number().optional(),
    total: z.number().optional(),
    quorumRequired: z.number().optional(),
    quorumReached: z.boolean().optional(),
  })
  .meta({ id: 'ProposalVotes', description: 'Vote weights in the governance token’s units.' });

export const ProposalTimeline = z
  .object({
    created: DateTime.optional(),
    start: DateTime.optional(),
    end: DateTime.optional(),
    effectiveAt: DateTime.optional().meta({
      description: 'When the change takes effect (a queued item’s eta) or took effect (the block time of an applied one); the same instant as effectiveDate.',
    }),
  })
  .meta({ id: 'ProposalTimeline' });

const noticeSeconds = z.int().min(0).optional().meta({
  description: 'Seconds from the first on-chain signal (a queued call, a published update, a motion) to the change taking effect, where known: 0 for a change applied at once.',
  example: 172800,
});

export const ProposalImpact = z
  .object({
    level: ImpactLevel,
    summary: z.string(),
    details: z.string().optional(),
    affectedAssets: z.array(z.string()).optional(),
    estimatedChange: z
      .string()
      .optional()
      .meta({ example: 'health factor 1.42 → 1.18' }),
    estimatedImpactUsd: z.number().optional(),
    analysisStatus: AnalysisStatus.optional(),
  })
  .meta({ id: 'ProposalImpact', description: 'Simulated effect of a proposal on one wallet.' });

/**
 * Present only on a proposal held back as spam, which a response carries only with includeSpam=true:
 * a client that asked for them must be able to tell them apart, or it would show a phishing
 * proposal as a real one. Deliberately on the wire (FeedProposal.spam, shared/domain/proposal.ts).
 */
export const SpamVerdict = z
  .object({
    rule: z.string().meta({ description: 'The rule it met, as GET /api lists them in spamRules.', example: 'snapshot/flagged' }),
    reason: z.string().meta({ example: 'flagged by the Snapshot hub' }),
  })
  .meta({ id: 'SpamVerdict', description: 'Why the proposal is held back as spam or phishing. Its links must never be followed or rendered as links.' });

const proposalFields = {
  id: z.string().meta({ description: '{protocol}-{source}-{nativeId}; stable across builds.' }),
  protocol: z.string(),
  title: z.string(),
  summary: z.string(),
  description: z.string().meta({ description: 'Full proposal body; can be long.' }),
  proposer: z.string().optional(),
  status: ProposalStatus,
  votes: ProposalVotes,
  timeline: ProposalTimeline,
  sourceLinks: z.array(SourceLink).optional(),
  snapshotUrl: z.string().optional().meta({ description: 'Legacy; sourceLinks preferred.' }),
  discussionUrl: z.string().optional().meta({ description: 'Legacy; sourceLinks preferred.' }),
  changeType: ChangeType.optional(),
  effectiveDate: DateTime.optional(),
  mechanism: Mechanism,
  noticeSeconds,
  spam: SpamVerdict.optional(),
};

export const Proposal = z.object(proposalFields).meta({ id: 'Proposal' });

export const UserProposalImpact = z
  .object({ ...proposalFields, impact: ProposalImpact })
  .meta({ id: 'UserProposalImpact', description: 'A Proposal with its impact on one wallet.' });

export const CompactProposal = z
  .object({
    id: z.string(),
    protocol: z.string(),
    title: z.string(),
    status: ProposalStatus,
    summary: z.string().meta({ description: 'Whitespace-collapsed, capped at about 280 characters.' }),
    votingEnds: DateTime,
    changeType: ChangeType.optional(),
    effectiveDate: DateTime.optional(),
    mechanism: Mechanism,
    noticeSeconds,
    sourceLinks: z.array(SourceLink).optional(),
    snapshotUrl: z.string().optional(),
    discussionUrl: z.string().optional(),
    spam: SpamVerdict.optional(),
    impact: ProposalImpact.optional(),
  })
  .meta({ id: 'CompactProposal', description: 'Triage fields only (view=compact).' });

export type ProposalVotes = z.infer<typeof ProposalVotes>;
export type ProposalTimeline = z.infer<typeof ProposalTimeline>;
export type ProposalImpact = z.infer<typeof ProposalImpact>;
export type Proposal = z.infer<typeof Proposal>;
export type UserProposalImpact = z.infer<typeof UserProposalImpact>;
export type CompactProposal = z.infer<typeof CompactProposal>;
