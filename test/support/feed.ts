import type { FeedProposal } from '../../shared/domain/proposal.js';
import { PROTOCOL_SLUGS } from '../../shared/modules/registry.js';
import type { StoredFeed } from '../../shared/stores/types.js';

/** A stored-feed proposal for tests of the feed endpoints; the fields a source would fill. */
export function feedProposal(fields: Partial<FeedProposal> & Pick<FeedProposal, 'id' | 'protocol' | 'status'>): FeedProposal {
  return {
    title: `Proposal ${fields.id}`,
    summary: `Summary of ${fields.id}`,
    description: `Body of ${fields.id}`,
    votes: {},
    timeline: {},
    changes: [],
    firstSeen: fields.timeline?.created ?? '2026-11-01T00:00:00Z',
    ...fields,
  };
}

export function storedFeed(proposals: FeedProposal[], failed: Record<string, string> = {}): StoredFeed {
  const at = '2026-11-22T10:00:00.000Z';
  return {
    builtAt: at,
    // Keyed as builds key them: `<slug>/<governance system>`.
    sources: Object.fromEntries(
      PROTOCOL_SLUGS.map((slug) => [`${slug}/main`, failed[slug] ? { ok: false, checkedAt: at, message: failed[slug] } : { ok: true, checkedAt: at, lastSuccessAt: at }]),
    ),
    proposals,
  };
}
