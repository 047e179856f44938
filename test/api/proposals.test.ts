import { beforeAll, describe, expect, it } from 'vitest';
import { demoWallet } from '../../shared/demo/wallets.js';
import { PROTOCOL_SLUGS } from '../../shared/modules/registry.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { getChecked, useServer } from '../support/server.js';

const server = useServer();
const FEED = '/api/proposals';
const DETAIL = '/api/proposals/{id}';
type Feed = { mode: string; view: string; count: number; total: number; proposals: Record<string, any>[]; completeness: string; degraded?: { module: string; component: string }[]; address?: string };

const proposals = [
  feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'executed', timeline: { created: '2026-10-01T00:00:00Z', end: '2026-10-05T00:00:00Z' } }),
  feedProposal({ id: 'aave-gov3-2', protocol: 'aave', status: 'active', timeline: { created: '2026-11-15T00:00:00Z', end: '2026-11-30T00:00:00Z' } }),
  feedProposal({ id: 'compound-bravo-7', protocol: 'compound', status: 'active', timeline: { created: '2026-11-16T00:00:00Z', end: '2026-11-25T00:00:00Z' } }),
  feedProposal({ id: 'lido-snapshot-0xabc', protocol: 'lido', status: 'pending', timeline: { created: '2026-11-18T00:00:00Z', start: '2026-11-24T00:00:00Z', end: '2026-12-01T00:00:00Z' } }),
  feedProposal({ id: 'jito-realms-9', protocol: 'jito', status: 'closed', timeline: { created: '2026-09-01T00:00:00Z', end: '2026-11-10T00:00:00Z' }, summary: `word ${'long '.repeat(120)}` }),
  feedProposal({ id: 'cosmoshub-gov-987', protocol: 'cosmoshub', status: 'pending', timeline: { created: '2026-11-19T00:00:00Z', start: '2026-11-21T00:00:00Z' } }),
];

describe('GET /api/proposals without address (the global feed)', () => {
  it('before any feed build: empty, partial, every source listed as not read yet', async () => {
    const { response, body } = await getChecked<Feed>(server, FEED, FEED);
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ mode: 'global', count: 0, total: 0, completeness: 'partial' });
    expect(body.degraded?.map((entry) => entry.module)).toEqual(PROTOCOL_SLUGS);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  describe('with a built feed', () => {
    beforeAll(async () => {
      await server.services.feedStore.write(storedFeed(proposals, { xrpl: 'XRPL did not answer within 3000 ms' }));
    });

    it('orders active ending soonest, then pending starting soonest, then the rest most recently ended', async () => {
      const { body } = await getChecked<Feed>(server, FEED, FEED);
      expect(body.proposals.map((proposal) => proposal.id)).toEqual([
        'compound-bravo-7',
        'aave-gov3-2',
        'cosmoshub-gov-987',
        'lido-snapshot-0xabc',
        'jito-realms-9',
        'aave-gov3-1',
      ]);
      expect(body.proposals.every((proposal) => proposal.impact === undefined)).toBe(true);
    });

    it('is partial and lists a failed source as degraded', async () => {
      const { body } = await getChecked<Feed>(server, FEED, FEED);
      expect(body.completeness).toBe('partial');
      expect(body.degraded).toEqual([{ module: 'xrpl', component: 'source', message: 'XRPL did not answer within 3000 ms' }]);
    });

    it('is complete when the failed source is filtered out', async () => {
      const { body } = await getChecked<Feed>(server, `${FEED}?protocol=aave,lido`, FEED);
      expect(body.completeness).toBe('complete');
      expect(body.proposals.map((proposal) => proposal.protocol).sort()).toEqual(['aave', 'aave', 'lido']);
    });

    it('counts before and after the limit', async () => {
      const { body } = await getChecked<Feed>(server, `${FEED}?limit=2`, FEED);
      expect(body).toMatchObject({ count: 2, total: 6 });
    });

    it('filters by status, a repeated key counting as a comma list', async () => {
      const { body } = await getChecked<Feed>(server, `${FEED}?status=pending&status=closed`, FEED);
      expect(body.proposals.map((proposal) => proposal.status).sort()).toEqual(['closed', 'pending', 'pending']);
    });

    it('keeps proposals first seen on or after since', async () => {
      const { body } = await getChecked<Feed>(server, `${FEED}?since=2026-11-16`, FEED);
      expect(body.proposals.map((proposal) => proposal.id).sort()).toEqual(['compound-bravo-7', 'cosmoshub-gov-987', 'lido-snapshot-0xabc']);
    });

    it('caps compact summaries near 280 characters with whitespace collapsed', async () => {
      const { body } = await getChecked<Feed>(server, `${FEED}?view=compact&protocol=jito`, FEED);
      const summary: string = body.proposals[0]!.summary;
      expect(summary.length).toBeLessThanOrEqual(280);
      expect(summary.endsWith('…')).toBe(true);
      expect(summary).not.toMatch(/\s{2}/);
      expect(body.proposals[0]).not.toHaveProperty('description');
      expect(body.proposals[0]!.votingEnds).toBe('2026-11-10T00:00:00Z');
    });

    it('serves one proposal by id, in mode global', async () => {
      const { body } = await getChecked<{ mode: string; proposal: { id: string; description: string } }>(server, `${FEED}/compound-bravo-7`, DETAIL);
      expect(body.mode).toBe('global');
      expect(body.proposal).toMatchObject({ id: 'compound-bravo-7', description: 'Body of compound-bravo-7' });
    });

    it('answers 404 not_found for a well-formed unknown id', async () => {
      const { response, body } = await getChecked<{ code: string }>(server, `${FEED}/aave-gov3-999999`, DETAIL);
      expect(response.status).toBe(404);
      expect(body.code).toBe('not_found');
    });

    it('answers 400 invalid_input for an id with characters ids never have', async () => {
      const { response, body } = await getChecked<{ code: string }>(server, `${FEED}/aave%20gov3%3B1`, DETAIL);
      expect(response.status).toBe(400);
      expect(body.code).toBe('invalid_input');
    });
  });

  it('refuses minImpact without an address', async () => {
    const { response, body } = await getChecked<{ code: string; error: string }>(server, `${FEED}?minImpact=high`, FEED);
    expect(response.status).toBe(400);
    expect(body.code).toBe('invalid_input');
    expect(body.error).toContain('needs address');
  });
});

describe('GET /api/proposals with address', () => {
  const evm = demoWallet('evm').address;

  it('returns the wallet’s proposals with impact, most material first, in mode mock', async () => {
    const { response, body } = await getChecked<Feed>(server, `${FEED}?address=${evm}&limit=3`, FEED);
    expect(body).toMatchObject({ address: evm, mode: 'mock', count: 3, completeness: 'complete' });
    // Ten demo proposals touch the wallet (all but compound-demo-3; sky-demo-1 reaches its sUSDS); the first three by materiality.
    expect(body.total).toBe(10);
    expect(body.proposals.map((proposal) => proposal.impact.level)).toEqual(['critical', 'medium', 'medium']);
    expect(body.proposals.map((proposal) => proposal.id)).toEqual(['aave-demo-1', 'aave-demo-3', 'spark-demo-1']);
    expect(response.headers.get('cache-control')).toBe('private, max-age=60');
  });

  it('applies minImpact to the wallet’s impacts', async () => {
    const { body } = await getChecked<Feed>(server, `${FEED}?address=${evm}&minImpact=critical`, FEED);
    expect(body.proposals.map((proposal) => proposal.id)).toEqual(['aave-demo-1']);
  });

  it('carries the wallet’s impact on a proposal that touches it', async () => {
    const { body } = await getChecked<{ mode: string; address: string; proposal: { impact?: { level: string } } }>(server, `${FEED}/aave-demo-2?address=${evm}`, DETAIL);
    expect(body).toMatchObject({ mode: 'mock', address: evm, proposal: { impact: { level: 'medium' } } });
  });

  it('serves a demo proposal that does not touch the demo wallet without impact, still mode mock', async () => {
    const { body } = await getChecked<{ mode: string; proposal: { impact?: unknown } }>(server, `${FEED}/compound-demo-3?address=${evm}`, DETAIL);
    expect(body.mode).toBe('mock');
    expect(body.proposal.impact).toBeUndefined();
  });

  it('tells a caller asking for a demo proposal without a wallet where it lives', async () => {
    const { response, body } = await getChecked<{ error: string }>(server, `${FEED}/aave-demo-2`, DETAIL);
    expect(response.status).toBe(404);
    expect(body.error).toContain('demo wallet');
  });
});
