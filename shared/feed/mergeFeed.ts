import type { FeedProposal } from '../domain/proposal.js';
import type { SourceState, StoredFeed } from '../stores/types.js';
import type { Recording } from '../upstream/recording.js';
import { retentionClock, stillInFeed } from './changedRecently.js';

/** What one governance system (`<slug>/<system>`: a governor, a Snapshot space…) gave in this build. */
export type SourceOutcome = { source: string; ok: true; proposals: FeedProposal[] } | { source: string; ok: false; message: string };

/**
 * Merges one build's source outcomes into the previous feed. Pure.
 *  - A source that answered replaces its own proposals; firstSeen is the source's `created`, else
 *    the time a build first saw the proposal, kept across builds.
 *  - A source that failed keeps its last good proposals, and its state says since when.
 *  - A source that answers with nothing where it had proposals before is treated as failed: an
 *    empty page from a flaky API must not wipe a good feed.
 * Each proposal keeps the source that listed it (`sourceKey`), so the next build knows whose it is.
 * A change made without a vote leaves CHANGED_RECENTLY_DAYS after it took effect (stillInFeed),
 * counted from its protocol's recorded date when the upstreams replay a recording (retentionClock).
 */
export function mergeFeed(previous: StoredFeed | undefined, outcomes: SourceOutcome[], now: Date, recording?: Pick<Recording, 'modules'>): StoredFeed {
  const at = now.toISOString();
  const previousBySource = groupBySource(previous?.proposals ?? []);
  const firstSeen = new Map((previous?.proposals ?? []).map((proposal) => [proposal.id, proposal.firstSeen]));
  const sources: Record<string, SourceState> = {};
  const proposals: FeedProposal[] = [];

  for (const outcome of outcomes) {
    const before = [...previousBySource].filter(([key]) => sameSource(key, outcome.source)).flatMap(([, group]) => group);
    const lastSuccessAt = lastSuccessOf(previous, outcome.source);
    const emptied = outcome.ok && outcome.proposals.length === 0 && before.length > 0;
    if (outcome.ok && !emptied) {
      sources[outcome.source] = { ok: true, checkedAt: at, lastSuccessAt: at };
      proposals.push(
        ...outcome.proposals.map((proposal) => ({
          ...proposal,
          sourceKey: outcome.source,
          firstSeen: proposal.timeline.created ?? firstSeen.get(proposal.id) ?? at,
        })),
      );
      continue;
    }
    const message = outcome.ok ? 'answered with no proposals where it had some; keeping the last good ones' : outcome.message;
    sources[outcome.source] = {
      ok: false,
      checkedAt: at,
      ...(lastSuccessAt && { lastSuccessAt }),
      message: lastSuccessAt ? `${message} (proposals as of ${lastSuccessAt})` : message,
    };
    proposals.push(...before);
  }
  return { builtAt: at, sources, proposals: proposals.filter((proposal) => stillInFeed(proposal, retentionClock(proposal.protocol, now, recording))) };
}

/**
 * Whether proposals stored under `stored` are the outcome's: the same system, or, when a whole
 * module failed to load (its outcome keyed by the bare slug), any of that module's systems; and
 * a feed stored before the split by system kept them under the bare slug.
 */
const sameSource = (stored: string, outcome: string): boolean =>
  stored === outcome || stored.startsWith(`${outcome}/`) || outcome.startsWith(`${stored}/`);

/** The latest success among the stored states that are the outcome's. */
function lastSuccessOf(previous: StoredFeed | undefined, source: string): string | undefined {
  const times = Object.entries(previous?.sources ?? {})
    .filter(([key]) => sameSource(key, source))
    .flatMap(([, state]) => (state.lastSuccessAt ? [state.lastSuccessAt] : []));
  return times.sort().at(-1);
}

function groupBySource(proposals: FeedProposal[]): Map<string, FeedProposal[]> {
  const groups = new Map<string, FeedProposal[]>();
  for (const proposal of proposals) {
    // Feeds stored before sources were split by governance system know only the protocol.
    const key = proposal.sourceKey ?? proposal.protocol;
    groups.set(key, [...(groups.get(key) ?? []), proposal]);
  }
  return groups;
}
