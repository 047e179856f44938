import { IMPACT_RANK, type ImpactLevel, type ProposalStatus } from '../contract/enums.js';
import { invalidInput } from '../contract/errors.js';
import type { Matched } from './filters.js';
import { byFeedOrder, byMateriality } from './ordering.js';

/** The two orders a feed answer comes in (decisions.md, Ordering): the global feed's, and a wallet's. */
export type FeedOrder = 'feed' | 'materiality';

const COMPARE: Record<FeedOrder, (a: Matched, b: Matched) => number> = { feed: byFeedOrder, materiality: byMateriality };
const TAG: Record<FeedOrder, string> = { feed: 'f', materiality: 'm' };
const STATUSES: readonly ProposalStatus[] = ['active', 'passed', 'closed', 'pending', 'executed', 'canceled'];

/**
 * What a cursor keeps of a page's last proposal: the fields its order compares, and nothing else.
 * A keyset, not an offset: the next page starts after that proposal's place in the order, so a
 * proposal the feed gains or loses between two requests moves no other proposal across the page
 * boundary (an offset would then repeat one or skip one).
 */
type Anchor = [version: 1, order: string, id: string, status: ProposalStatus, start: string | null, end: string | null, effectiveDate: string | null, level: ImpactLevel | null, usd: number | null];

export interface FeedPage<T extends Matched> {
  items: T[];
  /** Present when proposals follow this page: the cursor to ask for the next one with. */
  nextCursor?: string;
}

/**
 * One page of a feed answer's items, already sorted in `order`: the first `limit` of them, or with
 * `cursor` the first `limit` after the proposal that cursor was made from. Pure.
 *
 * @example pageOf(items.sort(byFeedOrder), 'feed', { limit: 50, cursor: query.cursor })
 */
export function pageOf<T extends Matched>(sorted: readonly T[], order: FeedOrder, paging: { limit: number; cursor?: string }): FeedPage<T> {
  let start = 0;
  if (paging.cursor !== undefined) {
    const anchor = decodeCursor(paging.cursor, order);
    const after = sorted.findIndex((item) => COMPARE[order](item, anchor) > 0);
    start = after === -1 ? sorted.length : after;
  }
  const items = sorted.slice(start, start + paging.limit);
  const last = items.at(-1);
  return start + items.length < sorted.length && last ? { items, nextCursor: encodeCursor(last, order) } : { items };
}

/** A cursor that starts the next page after `item` in `order`: base64url of the fields the order compares. */
export function encodeCursor(item: Matched, order: FeedOrder): string {
  const { proposal, impact } = item;
  const anchor: Anchor = [
    1,
    TAG[order],
    proposal.id,
    proposal.status,
    proposal.timeline.start ?? null,
    proposal.timeline.end ?? null,
    proposal.effectiveDate ?? null,
    impact?.level ?? null,
    impact?.estimatedImpactUsd ?? null,
  ];
  return Buffer.from(JSON.stringify(anchor), 'utf8').toString('base64url');
}

const refused = (reason: string) => invalidInput(`cursor is not valid: ${reason}; send the nextCursor of the previous page unchanged, with the same filters, or leave cursor out to start from the first page`);
const isDate = (value: unknown): value is string | null => value === null || (typeof value === 'string' && value.length <= 40 && !Number.isNaN(Date.parse(value)));

/** The proposal a cursor was made from, as far as its order compares it; anything this API did not issue is invalid_input. */
function decodeCursor(cursor: string, order: FeedOrder): Matched {
  let anchor: unknown;
  try {
    anchor = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused('not a cursor this API issued');
  }
  if (!Array.isArray(anchor) || anchor.length !== 9 || anchor[0] !== 1) throw refused('not a cursor this API issued');
  const [, tag, id, status, start, end, effectiveDate, level, usd] = anchor as unknown[];
  if (tag !== TAG[order]) {
    throw refused(order === 'feed' ? 'it pages a wallet’s proposals, not the global feed' : 'it pages the global feed, not a wallet’s proposals');
  }
  const valid =
    // Any id the feed holds: it is only compared, never looked up or echoed.
    typeof id === 'string' &&
    id.length > 0 &&
    id.length <= 400 &&
    STATUSES.includes(status as ProposalStatus) &&
    isDate(start) &&
    isDate(end) &&
    isDate(effectiveDate) &&
    (level === null || Object.hasOwn(IMPACT_RANK, level as string)) &&
    (usd === null || (typeof usd === 'number' && Number.isFinite(usd)));
  if (!valid) throw refused('not a cursor this API issued');
  return {
    proposal: { id, status, timeline: { ...(start && { start }), ...(end && { end }) }, ...(effectiveDate && { effectiveDate }) } as Matched['proposal'],
    ...(level !== null && { impact: { level, summary: '', ...(usd !== null && { estimatedImpactUsd: usd }) } as Matched['impact'] }),
  };
}
