import type { ModuleEntry, SourceReader } from '../modules/types.js';
import { withDeadline } from '../upstream/withDeadline.js';
import { reportFailure } from '../upstream/describeFailure.js';
import type { FeedStore, StoredFeed } from '../stores/types.js';
import type { Upstreams } from '../upstream/upstreams.js';
import { mergeFeed, type SourceOutcome } from './mergeFeed.js';
import { prebuildFiles } from './prebuildFiles.js';
import { withChainReadings } from './currentValues/withChainReadings.js';
import { withSpamVerdicts } from './spam/withSpamVerdicts.js';
import { withChangeTypes } from './classify/changeTypeFromWords.js';
import { type FeedNotice, withNotices } from './sanitize/feedNotices.js';
import { sanitizeProposals, servableProposals } from './sanitize/sanitizeProposals.js';
import { changedProtocols } from '../webhooks/changedProtocols.js';

export interface BuildFeedParameters {
  modules: readonly ModuleEntry[];
  store: FeedStore;
  now: () => Date;
  /** Each source's deadline: the slowest source bounds the build, a hung one never holds it. */
  deadlineMs: number;
  /** The upstreams every source reads (Services.upstreams). */
  upstreams: Upstreams;
  /** The public address (Config.publicBaseUrl), for the Atom feed's absolute links; relative without it. */
  publicBaseUrl?: string;
}

export interface BuildFeedReturnType {
  feed: StoredFeed;
  written: boolean;
  /** The protocols whose proposals this build added, dropped or changed (none when nothing was written): the webhooks' hand-off. */
  changedProtocols: string[];
  /** One per governance system read (`<slug>/<system>`). */
  outcomes: { source: string; slug: string; ok: boolean; count: number; ms: number; message?: string }[];
}

/**
 * Builds the global feed: every governance system of every module in parallel, each under its own
 * deadline; merged with the previous feed (see mergeFeed); written in one atomic write. Run at
 * start and every five minutes by the local server, and by the scheduled Lambda in AWS.
 */
export async function buildFeed({ modules, store, now, deadlineMs, upstreams, publicBaseUrl }: BuildFeedParameters): Promise<BuildFeedReturnType> {
  const previousRead = await store.read();
  const fallbackFirstSeen = now().toISOString();
  // Every value is normalized here, once for every module (sanitize/): a source's bad value costs
  // that value or that proposal, never the source, the feed or an answer. A feed stored by an older
  // build goes through it too: the proposals a failed source keeps come from it.
  const kept = previousRead.status === 'found' ? sanitizeProposals(previousRead.feed.proposals, { fallbackFirstSeen }) : undefined;
  const previous = previousRead.status === 'found' ? { ...previousRead.feed, proposals: kept!.proposals } : undefined;
  const timed = (await Promise.all(modules.map((entry) => readSources(entry, now, deadlineMs, upstreams)))).flat();
  const cleaned = timed.map(({ outcome }) => {
    if (!outcome.ok) return { outcome, notices: [] };
    const { proposals, notices } = sanitizeProposals(outcome.proposals, { source: outcome.source, fallbackFirstSeen });
    return { outcome: { ...outcome, proposals }, notices };
  });
  // Under UPSTREAM=recorded a change made without a vote stays 30 days from its recording's date (retentionClock).
  const merged = mergeFeed(previous, cleaned.map(({ outcome }) => outcome), now(), upstreams.recording);
  // What the spam rules and the classifier add is checked with the rest: a proposal whose wire form
  // the contract would still reject is held back here, never served as a 500.
  const servable = servableProposals(withChangeTypes(withSpamVerdicts(merged.proposals)));
  // A value lost from a proposal held back as spam leaves no gap in what is shown by default.
  const spam = new Set(servable.proposals.filter((proposal) => proposal.spam).map((proposal) => proposal.id));
  const notices: FeedNotice[] = [
    ...cleaned.flatMap(({ notices: own }) => own),
    // A failed source's proposals are the previous feed's: what was left out of them is still left out.
    ...(kept?.notices ?? []).filter((notice) => merged.sources[notice.source]?.ok === false),
    ...servable.notices,
  ].filter((notice) => notice.keptId === undefined || !spam.has(notice.keptId));
  // What the chain holds now where each open proposal acts, for its page (never on the wire; a failed read says why).
  const proposals = await withChainReadings(servable.proposals, { modules, upstreams, now: now(), deadlineMs });
  const feed = { ...merged, sources: withNotices(merged.sources, notices), proposals, ...(upstreams.recording && { recording: upstreams.recording }) };
  const emptied = feed.proposals.length === 0 && (previous?.proposals.length ?? 0) > 0;
  if (!emptied) {
    await store.write(feed);
    // The index page and Atom feed come from the feed just written, so they never run ahead of it.
    await prebuildFiles(feed, store, publicBaseUrl);
  }
  return {
    feed: emptied ? previous! : feed,
    written: !emptied,
    changedProtocols: emptied ? [] : changedProtocols(previous?.proposals ?? [], feed.proposals),
    outcomes: timed.map(({ outcome, slug, ms }) => ({
      source: outcome.source,
      slug,
      ok: outcome.ok,
      count: outcome.ok ? outcome.proposals.length : 0,
      ms,
      ...(!outcome.ok && { message: outcome.message }),
    })),
  };
}

type Timed = { outcome: SourceOutcome; slug: string; ms: number };

/** Every governance system of one module, in parallel; a module that does not load fails as a whole. */
async function readSources(entry: ModuleEntry, now: () => Date, deadlineMs: number, upstreams: Upstreams): Promise<Timed[]> {
  const started = performance.now();
  let readers: [string, SourceReader][];
  try {
    readers = Object.entries((await entry.load()).source);
  } catch (error) {
    return [{ outcome: { source: entry.slug, ok: false, message: reportFailure(error, { source: entry.slug }) }, slug: entry.slug, ms: performance.now() - started }];
  }
  return Promise.all(
    readers.map(async ([part, reader]): Promise<Timed> => {
      const source = `${entry.slug}/${part}`;
      try {
        const proposals = await withDeadline(deadlineMs, (signal) => reader.readProposals({ signal, now: now(), upstreams }));
        return { outcome: { source, ok: true, proposals }, slug: entry.slug, ms: performance.now() - started };
      } catch (error) {
        return { outcome: { source, ok: false, message: reportFailure(error, { source }) }, slug: entry.slug, ms: performance.now() - started };
      }
    }),
  );
}

