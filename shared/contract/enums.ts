import * as z from 'zod';
import { PROTOCOL_SLUGS } from '../modules/slugs.js';
import { MECHANISM_MEANINGS, MECHANISMS } from './mechanisms.js';

export const ProtocolSlug = z.enum(PROTOCOL_SLUGS).meta({
  id: 'ProtocolSlug',
  description: 'Protocol module slug. Every served slug is listed here and in GET /api.',
});

export const ProposalStatus = z
  .enum(['active', 'passed', 'closed', 'pending', 'executed', 'canceled'])
  .meta({
    id: 'ProposalStatus',
    description:
      'Lifecycle state. pending → active → passed | closed | canceled; passed → executed | canceled.',
  });

/** Ranked critical (highest) to none (lowest); the order of this list is the rank. */
export const ImpactLevel = z.enum(['critical', 'high', 'medium', 'low', 'none']).meta({
  id: 'ImpactLevel',
  description: 'How material a proposal is to the wallet, critical highest.',
});

export const ChangeType = z.enum(['shape', 'parameter']).meta({
  id: 'ChangeType',
  description:
    'shape: the structure of exposure changes (deprecation, migration, delisting); parameter: numbers move, structure does not.',
});

export const AnalysisStatus = z.enum(['simulated', 'awaiting_analysis']).meta({
  id: 'AnalysisStatus',
  description:
    'simulated: backed by a verified parameter change; awaiting_analysis: matched but not yet quantified.',
});

export const Mechanism = z.enum(MECHANISMS).meta({
  id: 'Mechanism',
  description: `How the change reaches the chain. ${Object.entries(MECHANISM_MEANINGS)
    .map(([mechanism, meaning]) => `${mechanism}: ${meaning}`)
    .join('; ')}.`,
});

export const View = z.enum(['full', 'compact']);
export const Completeness = z.enum(['complete', 'partial']);
export const WalletMode = z.enum(['mock', 'live']);
export const FeedMode = z.enum(['mock', 'live', 'global']);

export type ProposalStatus = z.infer<typeof ProposalStatus>;
export type ImpactLevel = z.infer<typeof ImpactLevel>;
export type ChangeType = z.infer<typeof ChangeType>;
export type View = z.infer<typeof View>;
export type Mechanism = z.infer<typeof Mechanism>;

export const IMPACT_RANK: Record<ImpactLevel, number> = Object.fromEntries(
  ImpactLevel.options.map((level, index) => [level, ImpactLevel.options.length - index]),
) as Record<ImpactLevel, number>;
