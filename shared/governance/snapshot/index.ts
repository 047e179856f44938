/** Snapshot (off-chain voting), shared by every module whose protocol votes on a Snapshot space. */
export { normalizeSnapshotProposal, type NormalizeSnapshotOptions } from './normalizeSnapshotProposal.js';
export { readSnapshotProposals, type ReadSnapshotProposalsParameters, SNAPSHOT_PROPOSALS_QUERY } from './readSnapshotProposals.js';
export { type SnapshotProposal, SnapshotProposalSchema } from './snapshotProposal.js';
export { snapshotQuorumReached, snapshotStatus } from './snapshotStatus.js';
export { snapshotSource, type SnapshotSourceParameters } from './snapshotSource.js';
