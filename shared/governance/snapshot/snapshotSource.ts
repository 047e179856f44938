import type { ParameterKind } from '../../domain/parameterKind.js';
import type { TableChangesOptions } from '../../changes/tableChanges.js';
import type { FeedProposal } from '../../domain/proposal.js';
import type { SourceReader } from '../../modules/types.js';
import { normalizeSnapshotProposal } from './normalizeSnapshotProposal.js';
import { readSnapshotProposals } from './readSnapshotProposals.js';

export interface SnapshotSourceParameters {
  /** The module slug the space belongs to: ids `<protocol>-snapshot-<hash>`. */
  protocol: string;
  /** The module's own parameter kinds, read from the proposals' tables beside the shared ones. */
  kinds?: readonly ParameterKind[];
  /** The market a table row names, in the module's market names (ModuleInfo.tableMarket). */
  marketOf?: TableChangesOptions['marketOf'];
  /** The protocol's space ids (ENS names), all in one query. */
  spaces: readonly string[];
  /** Newest proposals read per build (one GraphQL request). */
  first?: number;
}

/**
 * A protocol's Snapshot space(s) as one of its governance systems: one hub query per build, each
 * proposal normalized (flagged ones kept, held back as spam).
 *
 * @example const proposals = await snapshotSource({ protocol: slug, spaces: [space] }).readProposals({ signal, now: new Date(), upstreams: services.upstreams });
 */
export function snapshotSource({ protocol, spaces, kinds, marketOf, first = 10 }: SnapshotSourceParameters): SourceReader {
  return {
    async readProposals(context): Promise<FeedProposal[]> {
      const { signal, now } = context;
      const proposals = await readSnapshotProposals(context.upstreams.snapshot, { spaces, first }, signal);
      return proposals.flatMap((proposal) => normalizeSnapshotProposal(proposal, { protocol, now, ...(kinds && { kinds }), ...(marketOf && { marketOf }) }) ?? []);
    },
  };
}
