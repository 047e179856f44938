import { beforeAll, describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { createUpstreams } from '../../shared/upstream/upstreams.js';
import { ABIS, HOLDER, holderState } from '../exposure/syntheticEvmWallet.js';
import { syntheticChain } from '../exposure/syntheticChain.js';
import { buildWith, moduleAnswering } from '../feed/sourceReturning.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { getChecked, useServer } from '../support/server.js';
import { testServices } from '../support/services.js';
import { TEST_POLICY } from '../upstream/replayHarness.js';

/*
 * Issue #19 (Hardening, medium 1 and 6): a value a source or the stored feed holds can never
 * break an answer. A Snapshot `end` of year 10000 serialized as `+010000-01-01T00:00:00.000Z`
 * (what Date#toISOString makes of it), which the response schema rejects: the feed, its
 * includeSpam form, the proposal's detail and every scan it matched answered 500.
 */
const YEAR_10000 = new Date(Date.UTC(10000, 0, 1)).toISOString();
const NOW = new Date('2026-11-24T12:00:00Z');

/** Changes the synthetic holder's Aave WETH collateral (test/exposure/syntheticEvmWallet.ts), so a scan of it matches. */
const WETH_THRESHOLD = { protocol: 'aave', asset: 'WETH', parameter: 'liquidationThreshold', from: 8300, to: 7800, unit: 'bps' as const, evidence: 'synthetic', verified: true };

const farFuture = feedProposal({
  id: 'aave-snapshot-0xfar',
  protocol: 'aave',
  status: 'active',
  title: 'Lower the WETH liquidation threshold',
  timeline: { created: '2026-11-20T00:00:00Z', start: '2026-11-21T00:00:00Z', end: YEAR_10000 },
  effectiveDate: YEAR_10000,
  changes: [WETH_THRESHOLD],
});
const scriptLinks = feedProposal({
  id: 'aave-snapshot-0xjs',
  protocol: 'aave',
  status: 'active',
  timeline: { end: '2026-12-01T00:00:00Z' },
  discussionUrl: 'javascript:alert(1)',
  snapshotUrl: 'data:text/html,<script>alert(1)</script>',
  sourceLinks: [
    { url: 'vbscript:msgbox(1)', label: 'Vote' },
    { url: 'https://snapshot.box/#/s:aave.eth/proposal/0xjs', label: 'Vote on Snapshot' },
  ],
});
let answer: () => unknown[] = () => [farFuture, scriptLinks];

/** The synthetic holder's chain answers Ethereum; every other upstream is a closed port (degraded, not failing). */
const server = useServer(() => {
  const chain = syntheticChain(ABIS, holderState);
  return testServices({ now: () => NOW, config: { moduleDeadlineMs: 5_000 }, upstreams: createUpstreams({ endpoints: { ethereum: 'http://synthetic.invalid/' }, fetch: chain.fetch, policy: TEST_POLICY, env: {} }) });
});

const build = () => buildWith(server.services, [moduleAnswering('aave', () => answer())]);

describe('a proposal whose Snapshot end is in year 10000', () => {
  beforeAll(async () => {
    answer = () => [farFuture, scriptLinks];
    await build();
  });

  const expectNoted = (degraded: { module: string; message: string }[] | undefined) =>
    expect(degraded?.find((entry) => entry.module === 'aave')?.message).toMatch(/aave-snapshot-0xfar: timeline\.end dropped \(outside 1970\.\.2199\), effectiveDate dropped/);

  it('is served in the global feed without the date, with a degraded notice naming it', async () => {
    const { response, body } = await getChecked<{ proposals: FeedProposal[]; degraded: { module: string; message: string }[]; completeness: string }>(server, '/api/proposals', '/api/proposals');
    expect(response.status).toBe(200);
    const served = body.proposals.find((proposal) => proposal.id === farFuture.id)!;
    expect(served.timeline).toEqual({ created: '2026-11-20T00:00:00Z', start: '2026-11-21T00:00:00Z' });
    expect(served.effectiveDate).toBeUndefined();
    expect(body.completeness).toBe('partial');
    expectNoted(body.degraded);
  });

  it.each(['includeSpam=true', 'includeSpam=true&view=compact', 'view=compact'])('is served with %s', async (query) => {
    const { response, body } = await getChecked<{ proposals: { id: string }[] }>(server, `/api/proposals?${query}`, '/api/proposals');
    expect(response.status).toBe(200);
    expect(body.proposals.map((proposal) => proposal.id)).toContain(farFuture.id);
  });

  it.each(['', '?view=compact', '?includeSpam=true'])('has a detail that answers 200%s', async (query) => {
    const { response, body } = await getChecked<{ proposal: { id: string } }>(server, `/api/proposals/${farFuture.id}${query}`, '/api/proposals/{id}');
    expect(response.status).toBe(200);
    expect(body.proposal.id).toBe(farFuture.id);
  });

  it('is matched and simulated by a scan of the wallet it touches, and by that wallet’s proposals and detail', async () => {
    const scan = await getChecked<{ proposals: { id: string; impact: { level: string } }[] }>(server, `/api/scan/${HOLDER}`, '/api/scan/{address}');
    expect(scan.response.status).toBe(200);
    expect(scan.body.proposals.map((proposal) => proposal.id), JSON.stringify(scan.body).slice(0, 3000)).toContain(farFuture.id);
    const compact = await getChecked(server, `/api/scan/${HOLDER}?view=compact`, '/api/scan/{address}');
    expect(compact.response.status).toBe(200);
    const feed = await getChecked<{ proposals: { id: string }[] }>(server, `/api/proposals?address=${HOLDER}`, '/api/proposals');
    expect(feed.body.proposals.map((proposal) => proposal.id)).toContain(farFuture.id);
    const detail = await getChecked<{ proposal: { impact?: unknown } }>(server, `/api/proposals/${farFuture.id}?address=${HOLDER}`, '/api/proposals/{id}');
    expect(detail.response.status).toBe(200);
    expect(detail.body.proposal.impact).toBeDefined();
  });

  it('is on the wallet page, the prebuilt index and the Atom feed', async () => {
    for (const path of [`/w/${HOLDER}`, '/', '/feed.atom']) {
      const response = await server.get(path);
      expect(response.status, `${path}: ${response.status === 200 ? '' : await response.clone().text()}`).toBe(200);
      expect(await response.text(), path).toContain('Lower the WETH liquidation threshold');
    }
  });
});

describe('links that are not http(s)', () => {
  beforeAll(async () => {
    answer = () => [farFuture, scriptLinks];
    await build();
  });

  it.each([
    ['the feed', '/api/proposals', '/api/proposals'],
    ['the detail', `/api/proposals/${scriptLinks.id}`, '/api/proposals/{id}'],
    ['the compact feed', '/api/proposals?view=compact', '/api/proposals'],
  ])('never leave the JSON API in %s', async (_name, path, template) => {
    const { response, body } = await getChecked(server, path, template);
    expect(response.status).toBe(200);
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/javascript:|data:text|vbscript:/);
    expect(text).toContain('https://snapshot.box/#/s:aave.eth/proposal/0xjs');
  });

  it('are dropped without a degraded note (any proposer could otherwise mark a protocol degraded)', async () => {
    answer = () => [scriptLinks];
    await build();
    const { body } = await getChecked<{ completeness: string; degraded?: { module: string }[]; proposals: { id: string }[] }>(server, '/api/proposals?protocol=aave', '/api/proposals');
    expect(body.proposals.map((proposal) => proposal.id)).toEqual([scriptLinks.id]);
    expect(body.degraded).toBeUndefined();
    expect(body.completeness).toBe('complete');
  });
});

describe('a proposal held back as spam whose end is in year 10000', () => {
  it('loses the date without a degraded note: nothing shown by default has a gap', async () => {
    const flagged = { ...farFuture, id: 'aave-snapshot-0xspam', spam: { rule: 'snapshot/flagged', reason: 'flagged by the Snapshot hub' } };
    answer = () => [flagged, scriptLinks];
    await build();
    const { body } = await getChecked<{ completeness: string; degraded?: unknown[]; proposals: { id: string; timeline: object }[] }>(server, '/api/proposals?protocol=aave&includeSpam=true', '/api/proposals');
    expect(body.proposals.find((proposal) => proposal.id === flagged.id)!.timeline).toEqual({ created: '2026-11-20T00:00:00Z', start: '2026-11-21T00:00:00Z' });
    expect(body.degraded).toBeUndefined();
    expect(body.completeness).toBe('complete');
  });
});

describe('a stored feed from an older build', () => {
  it('holds back the proposals the contract rejects, names them, and serves the rest', async () => {
    const bad = { ...farFuture, id: 'aave-snapshot-0xold', title: 'Kept from an older build' };
    const worse = { ...scriptLinks, id: 'aave-snapshot-0xnum', summary: 42 as unknown as string };
    const good = feedProposal({ id: 'aave-snapshot-0xgood', protocol: 'aave', status: 'active', timeline: { end: '2026-12-01T00:00:00Z' } });
    await server.services.feedStore.write(storedFeed([bad, worse, good]));
    for (const query of ['', '?includeSpam=true', '?view=compact']) {
      const { response, body } = await getChecked<{ proposals: { id: string }[]; degraded: { module: string; message: string }[] }>(server, `/api/proposals${query}`, '/api/proposals');
      expect(response.status).toBe(200);
      expect(body.proposals.map((proposal) => proposal.id)).toEqual([good.id]);
      const message = body.degraded.find((entry) => entry.module === 'aave')!.message;
      expect(message).toContain('aave-snapshot-0xold held back (timeline.end: Invalid ISO datetime)');
      expect(message).toContain('aave-snapshot-0xnum held back');
    }
    const detail = await getChecked(server, '/api/proposals/aave-snapshot-0xold', '/api/proposals/{id}');
    expect(detail.response.status).toBe(404);
    const scan = await getChecked(server, `/api/scan/${HOLDER}`, '/api/scan/{address}');
    expect(scan.response.status).toBe(200);
  });

  it('serves no link that is not http(s), though the build that stored it let it through', async () => {
    const old = { ...scriptLinks, id: 'aave-snapshot-0xoldjs' };
    await server.services.feedStore.write(storedFeed([old]));
    for (const [path, template] of [['/api/proposals', '/api/proposals'], ['/api/proposals/aave-snapshot-0xoldjs', '/api/proposals/{id}'], ['/api/proposals?view=compact', '/api/proposals']] as const) {
      const { response, body } = await getChecked(server, path, template);
      expect(response.status).toBe(200);
      const text = JSON.stringify(body);
      expect(text).toContain('aave-snapshot-0xoldjs');
      expect(text).not.toMatch(/javascript:|data:text|vbscript:/);
      expect(text).toContain('https://snapshot.box/#/s:aave.eth/proposal/0xjs');
    }
  });

  it('answers within the contract when the feed’s own fields are broken (a build time, a source’s message)', async () => {
    const good = feedProposal({ id: 'aave-snapshot-0xgood', protocol: 'aave', status: 'active', timeline: { end: '2026-12-01T00:00:00Z' } });
    // A date Date reads but the contract's date-time does not (RFC 1123).
    const broken = { ...storedFeed([good]), builtAt: 'Sun, 22 Nov 2026 10:00:00 GMT' };
    broken.sources['aave/main'] = { ok: false, checkedAt: NOW.toISOString(), message: 42 as unknown as string };
    await server.services.feedStore.write(broken);
    const { response, body } = await getChecked<{ proposals: { id: string }[]; refreshedAt: string; degraded: { module: string; message: string }[] }>(server, '/api/proposals', '/api/proposals');
    expect(response.status).toBe(200);
    expect(body.proposals.map((proposal) => proposal.id)).toEqual([good.id]);
    expect(body.refreshedAt).toBe(NOW.toISOString());
    expect(body.degraded).toEqual([{ module: 'aave', component: 'source', message: 'not read' }]);
  });

  it('is cleaned by the next build: the kept proposals lose the bad values, never the source', async () => {
    const bad = { ...farFuture, id: 'aave-snapshot-0xold', sourceKey: 'aave/main' };
    await server.services.feedStore.write(storedFeed([bad]));
    answer = () => {
      throw new Error('hub down');
    };
    const built = await build();
    const kept = built.feed.proposals.find((proposal) => proposal.id === bad.id)!;
    expect(kept.timeline.end).toBeUndefined();
    expect(built.feed.sources['aave/main']).toMatchObject({ ok: false });
    expect(built.feed.sources['aave/main']!.message).toContain('aave-snapshot-0xold: timeline.end dropped (outside 1970..2199)');
  });
});
