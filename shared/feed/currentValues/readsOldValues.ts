import type { FeedProposal } from '../../domain/proposal.js';

/**
 * Whether a proposal's changes are worth reading: it can still take effect (waiting to open, open,
 * or passed and not executed) and is not held back as spam. An executed or closed proposal's old
 * value is history; the chain then holds its outcome. Pure.
 */
export const readsOldValues = (proposal: Pick<FeedProposal, 'status' | 'spam' | 'changes'>): boolean =>
  proposal.spam === undefined && proposal.changes.length > 0 && (proposal.status === 'pending' || proposal.status === 'active' || proposal.status === 'passed');
