import { beforeAll, describe, expect, it } from 'vitest';
import { MECHANISMS } from '../../shared/contract/mechanisms.js';
import { mergeFeed } from '../../shared/feed/mergeFeed.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { getChecked, useServer } from '../support/server.js';

const server = useServer();
const FEED = '/api/proposals';
type Feed = { proposals: Record<string, any>[] };

const vote = feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active', timeline: { created: '2026-11-15T00:00:00Z', end: '2026-11-30T00:00:00Z' } });
const steward = feedProposal({
  id: 'aave-steward-0xaa',
  protocol: 'aave',
  status: 'executed',
  mechanism: 'steward',
  noticeSeconds: 0,
  timeline: { created: '2026-11-20T00:00:00Z', effectiveAt: '2026-11-20T00:00:00Z' },
});
const queued = feedProposal({
  id: 'compound-timelock-0xbb',
  protocol: 'compound',
  status: 'pending',
  mechanism: 'timelock',
  noticeSeconds: 172_800,
  effectiveDate: '2026-11-27T00:00:00Z',
  timeline: { created: '2026-11-25T00:00:00Z' },
});
const oracle = feedProposal({ id: 'aave-riskoracle-7', protocol: 'aave', status: 'pending', mechanism: 'riskOracle', timeline: { created: '2026-11-25T00:00:00Z' } });

describe('mechanism on the wire and as a filter', () => {
  beforeAll(async () => {
    await server.services.feedStore.write(storedFeed([vote, steward, queued, oracle]));
  });

  it('every proposal names its mechanism; one its source left unnamed was a vote', async () => {
    const { body } = await getChecked<Feed>(server, FEED, FEED);
    const byId = Object.fromEntries(body.proposals.map((proposal) => [proposal.id, proposal]));
    expect(byId['aave-gov3-1']!.mechanism).toBe('vote');
    expect(byId['aave-steward-0xaa']).toMatchObject({ mechanism: 'steward', noticeSeconds: 0 });
    expect(byId['compound-timelock-0xbb']).toMatchObject({ mechanism: 'timelock', noticeSeconds: 172_800 });
  });

  it('states when a change takes effect twice, as effectiveDate and timeline.effectiveAt, whichever the source set', async () => {
    const { body } = await getChecked<Feed>(server, FEED, FEED);
    const byId = Object.fromEntries(body.proposals.map((proposal) => [proposal.id, proposal]));
    expect(byId['compound-timelock-0xbb']!.timeline.effectiveAt).toBe('2026-11-27T00:00:00Z');
    expect(byId['aave-steward-0xaa']!.effectiveDate).toBe('2026-11-20T00:00:00Z');
    expect(byId['aave-gov3-1']!.timeline.effectiveAt).toBeUndefined();
    expect(byId['aave-gov3-1']!.effectiveDate).toBeUndefined();
  });

  it('mechanism=steward,riskOracle keeps only those, in both views', async () => {
    for (const view of ['full', 'compact']) {
      const { body } = await getChecked<Feed>(server, `${FEED}?mechanism=steward,riskOracle&view=${view}`, FEED);
      expect(body.proposals.map((proposal) => proposal.id).sort()).toEqual(['aave-riskoracle-7', 'aave-steward-0xaa']);
      expect(body.proposals.every((proposal) => typeof proposal.mechanism === 'string')).toBe(true);
    }
    const { body: votes } = await getChecked<Feed>(server, `${FEED}?mechanism=vote`, FEED);
    expect(votes.proposals.map((proposal) => proposal.id)).toEqual(['aave-gov3-1']);
  });

  it('an unknown mechanism is 400 invalid_input naming what is allowed', async () => {
    const response = await fetch(`${server.url}${FEED}?mechanism=steward,multisig`);
    const body = (await response.json()) as { code: string; error: string };
    expect(response.status).toBe(400);
    expect(body.code).toBe('invalid_input');
    expect(body.error).toContain(MECHANISMS.join(', '));
  });
});

describe('a change made without a vote stays 30 days after it took effect', () => {
  const now = new Date('2026-11-25T00:00:00Z');
  const executedDaysAgo = (days: number, mechanism: 'steward' | 'vote') =>
    feedProposal({
      id: `aave-${mechanism}-${days}`,
      protocol: 'aave',
      status: 'executed',
      mechanism,
      timeline: { effectiveAt: new Date(now.getTime() - days * 86_400_000).toISOString() },
    });

  it('keeps 29 days, drops 31; votes keep their sources’ rules', () => {
    const proposals = [executedDaysAgo(29, 'steward'), executedDaysAgo(31, 'steward'), executedDaysAgo(31, 'vote')];
    const feed = mergeFeed(undefined, [{ source: 'aave/steward', ok: true, proposals }], now);
    expect(feed.proposals.map((proposal) => proposal.id)).toEqual(['aave-steward-29', 'aave-vote-31']);
  });
});
