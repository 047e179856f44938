import { type FeedProposal, shownByDefault } from '../shared/domain/proposal.js';
import { isHttpUrl } from '../shared/governance/isHttpUrl.js';
import { byFeedOrder } from '../shared/proposals/ordering.js';
import type { StoredFeed } from '../shared/stores/types.js';
import { governanceSystemName } from '../shared/modules/governanceSystems.js';
import { protocolName } from './format.js';

/**
 * How long after its eta a passed proposal that no one has executed yet stays listed: a queued
 * payload is executable from its eta, and until someone executes it a holder can still act.
 */
const AWAITING_EXECUTION_MS = 7 * 24 * 3_600_000;

/**
 * Whether a proposal is live for the index and the Atom feed (issue #21): open for voting, waiting
 * to open, or passed and not yet executed with an eta stated, from `asOf` back at most
 * AWAITING_EXECUTION_MS; a "passed" without an eta (a closed off-chain vote) is history, not live.
 */
export function isLive(proposal: FeedProposal, asOf: string): boolean {
  if (proposal.status === 'active' || proposal.status === 'pending') return true;
  if (proposal.status !== 'passed' || !proposal.effectiveDate) return false;
  const eta = Date.parse(proposal.effectiveDate);
  return Number.isFinite(eta) && eta >= Date.parse(asOf) - AWAITING_EXECUTION_MS;
}

/** Passed proposals after the votes, the soonest to execute first; votes in feed order before them. */
function byUrgency(a: FeedProposal, b: FeedProposal): number {
  const passed = Number(a.status === 'passed') - Number(b.status === 'passed');
  if (passed !== 0) return passed;
  if (a.status === 'passed') return Date.parse(a.effectiveDate!) - Date.parse(b.effectiveDate!) || a.id.localeCompare(b.id);
  return byFeedOrder({ proposal: a }, { proposal: b });
}

/**
 * What the index and the Atom feed list: live proposals of every protocol (isLive), active ones
 * ending soonest first, then pending ones starting soonest, then passed ones executing soonest;
 * none held back as spam.
 */
export const liveProposals = (feed: StoredFeed): FeedProposal[] =>
  feed.proposals.filter((proposal) => shownByDefault(proposal) && isLive(proposal, feed.builtAt)).sort(byUrgency);

/** Live proposals by protocol, the protocol with the most urgent proposal first, each group in urgency order. */
export function byProtocol(proposals: readonly FeedProposal[]): { protocol: string; proposals: FeedProposal[] }[] {
  const groups = new Map<string, FeedProposal[]>();
  for (const proposal of proposals) groups.set(proposal.protocol, [...(groups.get(proposal.protocol) ?? []), proposal]);
  return [...groups].map(([protocol, grouped]) => ({ protocol, proposals: grouped }));
}

/** The proposal's primary source, when it is an http(s) URL and the proposal is not held back as spam. */
export function primarySource(proposal: FeedProposal): string | undefined {
  if (!shownByDefault(proposal)) return undefined;
  const url = proposal.sourceLinks?.[0]?.url ?? proposal.snapshotUrl ?? proposal.discussionUrl;
  return isHttpUrl(url) ? url : undefined;
}

/** A governance system (`<slug>/<system>`) in words, as its module names it (governanceSystemName), never the key. */
export const sourceWords = (source: string): string => governanceSystemName(source);

export interface FailedSource {
  /** The source in words (sourceWords); systems that read the same are one entry. */
  name: string;
  /** When it last answered (the oldest of the entry's systems): its proposals in the feed are as of then. */
  lastSuccessAt?: string;
  /** When it was last tried. */
  checkedAt: string;
}

/** Sources whose last read failed, or that were never read: named on the index, never hidden. */
export function failedSources(feed: StoredFeed): FailedSource[] {
  const byName = new Map<string, FailedSource & { never: boolean }>();
  for (const [source, state] of Object.entries(feed.sources)) {
    if (state.ok) continue;
    const name = sourceWords(source);
    const known = byName.get(name);
    const never = !state.lastSuccessAt || (known?.never ?? false);
    const lastSuccessAt = [known?.lastSuccessAt, state.lastSuccessAt].filter((at): at is string => Boolean(at)).sort()[0];
    const checkedAt = [known?.checkedAt, state.checkedAt].filter((at): at is string => Boolean(at)).sort().at(-1)!;
    byName.set(name, { name, never, checkedAt, ...(lastSuccessAt && !never && { lastSuccessAt }) });
  }
  return [...byName.values()].map(({ never: _never, ...entry }) => entry).sort((a, b) => a.name.localeCompare(b.name));
}
