import * as z from 'zod';
import { graphqlQuery } from '../../upstream/clients/graphqlQuery.js';
import { upstreamMalformed } from '../../upstream/errors.js';
import type { Upstream } from '../../upstream/upstreams.js';
import { type SnapshotProposal, SnapshotProposalSchema } from './snapshotProposal.js';

export interface ReadSnapshotProposalsParameters {
  /** Space ids (ENS names), e.g. one protocol's space; all of them go in one query. */
  spaces: readonly string[];
  /** The newest `first` proposals across those spaces (hub limit 1000). */
  first: number;
}

/**
 * The operation the reader sends. One query over `space_in` for every space: the keyless hub allows
 * 100 requests a minute per IP (snapshot-hub `src/helpers/rateLimit.ts`), shared by every Lambda
 * behind one NAT address, so spaces are never queried one by one. Newest first by `created`, the
 * hub's default order; `state` is not filtered, so closed proposals keep their final tallies.
 */
export const SNAPSHOT_PROPOSALS_QUERY = `query SnapshotProposals($spaces: [String], $first: Int!) {
  proposals(first: $first, skip: 0, where: { space_in: $spaces }, orderBy: "created", orderDirection: desc) {
    id title body author created start end state type choices scores scores_total scores_state
    quorum quorumType discussion link flagged space { id }
  }
}`;

/** The answer's shape; each proposal is checked apart (readSnapshotProposals). */
const AnswerSchema = z.object({ proposals: z.array(z.unknown()) });

/**
 * Reads the newest proposals of Snapshot spaces from the hub (one GraphQL request). Answers that
 * do not have the hub's shape are upstream_malformed, never an empty list; a proposal whose own
 * fields do not have it is left out (and logged), the others kept.
 *
 * @throws UpstreamError from graphqlQuery (status, timeout, malformed, GraphQL errors).
 * @example await readSnapshotProposals(services.upstreams.snapshot, { spaces: [space], first: 20 }, signal)
 */
export async function readSnapshotProposals(upstream: Upstream, parameters: ReadSnapshotProposalsParameters, signal?: AbortSignal): Promise<SnapshotProposal[]> {
  const data = await graphqlQuery<unknown>(
    upstream,
    { operationName: 'SnapshotProposals', query: SNAPSHOT_PROPOSALS_QUERY, variables: { spaces: [...parameters.spaces], first: parameters.first } },
    signal,
  );
  const parsed = AnswerSchema.safeParse(data);
  if (!parsed.success) throw upstreamMalformed(upstream.id, new Error(`Snapshot proposals: ${z.prettifyError(parsed.error).slice(0, 300)}`));
  // Anyone who can post in a space writes its proposals: one the hub answers in a shape we cannot
  // read costs that proposal, never the space (issue #19). Only when none can be read is the answer
  // itself malformed, as before.
  const proposals: SnapshotProposal[] = [];
  const unreadable: string[] = [];
  for (const entry of parsed.data.proposals) {
    const proposal = SnapshotProposalSchema.safeParse(entry);
    if (proposal.success) proposals.push(proposal.data);
    else unreadable.push(proposal.error.issues.map((issue) => issue.path.join('.')).join(', '));
  }
  if (proposals.length === 0 && unreadable.length > 0) throw upstreamMalformed(upstream.id, new Error(`Snapshot proposals: none readable (${unreadable[0]!.slice(0, 200)})`));
  if (unreadable.length > 0) {
    console.warn(JSON.stringify({ level: 'warn', message: 'Snapshot proposals left out: unreadable fields', upstream: upstream.id, count: unreadable.length, fields: unreadable.slice(0, 5) }));
  }
  return proposals;
}
