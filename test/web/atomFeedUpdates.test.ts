import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { atomFeed } from '../../web/atomFeed.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { atomViolations } from './atomRules.js';

/*
 * The global /feed.atom's fixes (issue #24 item 1): content, an `updated` that moves when a proposal
 * does (and not with every build), every proposal a holder must watch, valid Atom read by a real
 * feed parser. Synthetic proposals (test/support/feed.ts).
 */

const BUILT = '2026-11-25T12:00:00.000Z';
const BASE = 'https://govex.example';
const ACTIVE = feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active', timeline: { created: '2026-11-20T08:00:00Z', start: '2026-11-21T08:00:00Z', end: '2026-12-01T00:00:00Z' } });
const PENDING = feedProposal({ id: 'compound-gov-3', protocol: 'compound', status: 'pending', timeline: { created: '2026-11-24T08:00:00Z', start: '2026-11-30T00:00:00Z' } });
const QUEUED = feedProposal({ id: 'compound-governors-9', protocol: 'compound', status: 'passed', timeline: { end: '2026-11-21T00:00:00Z' }, effectiveDate: '2026-11-27T06:00:00Z' });
const feedOf = (proposals: FeedProposal[], builtAt = BUILT) => ({ ...storedFeed(proposals), builtAt });
const updatedOf = (xml: string, id: string) => parseFeed(xml).items.find((item) => item.url === `${BASE}/p/${id}`)!.updated!.toISOString();

describe('the global Atom feed', () => {
  const xml = atomFeed(feedOf([ACTIVE, PENDING, QUEUED]), BASE);

  it('is valid Atom a feed reader reads, listing open, pending and passed-not-executed proposals with content', () => {
    expect(atomViolations(xml)).toEqual([]);
    const items = parseFeed(xml).items;
    expect(items.map((item) => item.url)).toEqual([`${BASE}/p/aave-gov3-1`, `${BASE}/p/compound-gov-3`, `${BASE}/p/compound-governors-9`]);
    expect(items[2]!.content).toContain('passed, not yet executed, executes Nov 27, 2026, 06:00 UTC');
    expect(items[0]!.content).toContain(`href="${BASE}/p/aave-gov3-1"`);
  });

  it('is the same file when a build changes nothing: its updated is the latest entry’s, not the build’s', () => {
    expect(atomFeed(feedOf([ACTIVE, PENDING, QUEUED], '2026-11-25T12:05:00.000Z'), BASE)).toBe(xml);
  });

  it('moves an entry’s updated when its status changes or a date of it is reached', () => {
    const before = updatedOf(xml, 'compound-gov-3');
    expect(before).toMatch(/^2026-11-24T08:00:/);
    const opened = atomFeed(feedOf([ACTIVE, { ...PENDING, status: 'active' }, QUEUED], '2026-11-30T00:10:00.000Z'), BASE);
    expect(updatedOf(opened, 'compound-gov-3')).toMatch(/^2026-11-30T00:00:/);
    const sameDayOtherStatus = atomFeed(feedOf([ACTIVE, { ...PENDING, status: 'active' }, QUEUED]), BASE);
    expect(updatedOf(sameDayOtherStatus, 'compound-gov-3')).not.toBe(before);
    expect(parseFeed(opened).updated!.getTime()).toBeGreaterThan(parseFeed(xml).updated!.getTime());
  });
});
