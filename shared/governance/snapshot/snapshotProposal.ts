import * as z from 'zod';

/**
 * A proposal as the Snapshot hub's GraphQL answers it (snapshot-labs/snapshot-hub
 * `src/graphql/schema.gql`, type Proposal). Only the fields the feed reads; every one the hub may
 * leave out (older proposals, fields a query did not ask for) is optional.
 */
export const SnapshotProposalSchema = z.looseObject({
  id: z.string().min(1),
  title: z.string(),
  body: z.string().nullish(),
  author: z.string().nullish(),
  created: z.number().nullish(),
  start: z.number().nullish(),
  end: z.number().nullish(),
  state: z.string(),
  type: z.string().nullish(),
  choices: z.array(z.string()).nullish(),
  scores: z.array(z.number()).nullish(),
  scores_total: z.number().nullish(),
  scores_state: z.string().nullish(),
  quorum: z.number().nullish(),
  quorumType: z.string().nullish(),
  discussion: z.string().nullish(),
  link: z.string().nullish(),
  flagged: z.boolean().nullish(),
  space: z.looseObject({ id: z.string() }).nullish(),
});

export type SnapshotProposal = z.infer<typeof SnapshotProposalSchema>;
