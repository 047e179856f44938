import type { FeedProposal } from '../domain/proposal.js';
import type { SourceState, StoredFeed } from '../stores/types.js';

/** What one source gave in this build. */
export type SourceOutcome = { slug: string; ok: true; proposals: FeedProposal[] } | { slug: string; ok: false; message: string };

/**
 * Merges one build's source outcomes into the previous feed. Pure.
 *  - A source that answered replaces its own proposals; firstSeen is the source's `created`, else
 *    the time a build first saw the proposal, kept across builds.
 *  - A source that failed keeps its last good proposals, and its state says since when.
 *  - A source that answers with nothing where it had proposals before is treated as failed: an
 *    empty page from a flaky API must not wipe a good feed.
 */
export function mergeFeed(previous: StoredFeed | undefined, outcomes: SourceOutcome[], now: Date): StoredFeed {
  const at = now.toISOString();
  const previousBySlug = groupBySlug(previous?.proposals ?? []);
  const firstSeen = new Map((previous?.proposals ?? []).map((proposal) => [proposal.id, proposal.firstSeen]));
  const sources: Record<string, SourceState> = {};
  const proposals: FeedProposal[] = [];

  for (const outcome of outcomes) {
    const before = previousBySlug.get(outcome.slug) ?? [];
    const lastSuccessAt = previous?.sources[outcome.slug]?.lastSuccessAt;
    const emptied = outcome.ok && outcome.proposals.length === 0 && before.length > 0;
    if (outcome.ok && !emptied) {
      sources[outcome.slug] = { ok: true, checkedAt: at, lastSuccessAt: at };
      proposals.push(
        ...outcome.proposals.map((proposal) => ({
          ...proposal,
          firstSeen: proposal.timeline.created ?? firstSeen.get(proposal.id) ?? at,
        })),
      );
      continue;
    }
    const message = outcome.ok ? 'answered with no proposals where it had some; keeping the last good ones' : outcome.message;
    sources[outcome.slug] = {
      ok: false,
      checkedAt: at,
      ...(lastSuccessAt && { lastSuccessAt }),
      message: lastSuccessAt ? `${message} (proposals as of ${lastSuccessAt})` : message,
    };
    proposals.push(...before);
  }
  return { builtAt: at, sources, proposals };
}

function groupBySlug(proposals: FeedProposal[]): Map<string, FeedProposal[]> {
  const groups = new Map<string, FeedProposal[]>();
  for (const proposal of proposals) groups.set(proposal.protocol, [...(groups.get(proposal.protocol) ?? []), proposal]);
  return groups;
}
