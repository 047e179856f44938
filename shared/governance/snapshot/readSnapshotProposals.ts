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

const AnswerSchema = z.object({ proposals: z.array(SnapshotProposalSchema) });

/**
 * Reads the newest proposals of Snapshot spaces from the hub (one GraphQL request). Answers that
 * do not have the hub's shape are upstream_malformed, never an empty list.
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
  return parsed.data.proposals;
}
