import { describe, expect, it } from 'vitest';
import type { FeedProposal } from '../../shared/domain/proposal.js';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { mergeFeed } from '../../shared/feed/mergeFeed.js';
import { readFeed } from '../../shared/feed/readFeed.js';
import type { ModuleEntry, ProtocolModule } from '../../shared/modules/types.js';
import type { ProtocolSlug } from '../../shared/modules/registry.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { upstreamStatus } from '../../shared/upstream/errors.js';
import { feedProposal } from '../support/feed.js';
import { testServices } from '../support/services.js';

/** The modules here are stand-ins that read nothing. */
const NO_UPSTREAMS = testServices().upstreams;

/** A module whose source answers as the test says: the builder's inputs, not an upstream. */
function moduleWith(slug: ProtocolSlug, read: () => Promise<FeedProposal[]>, more: Record<string, () => Promise<FeedProposal[]>> = {}): ModuleEntry {
  const parts = { main: read, ...more };
  const module = { source: Object.fromEntries(Object.entries(parts).map(([part, readProposals]) => [part, { readProposals }])) } as unknown as ProtocolModule;
  return { slug, name: slug, addressKinds: ['evm'], upstreams: [], load: async () => module };
}
const clock = (iso: string) => () => new Date(iso);
const ids = (proposals: FeedProposal[]) => proposals.map((proposal) => proposal.id).sort();

describe('mergeFeed', () => {
  const a1 = feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active', timeline: { created: '2026-11-01T00:00:00Z' } });
  const l1 = { ...feedProposal({ id: 'lido-snapshot-1', protocol: 'lido', status: 'active' }), timeline: {} };

  it('takes firstSeen from the source’s created time', () => {
    const feed = mergeFeed(undefined, [{ source: 'aave', ok: true, proposals: [a1] }], new Date('2026-11-22T00:00:00Z'));
    expect(feed.proposals[0]!.firstSeen).toBe('2026-11-01T00:00:00Z');
  });

  it('keeps the first observation time across builds when the source gives none', () => {
    const first = mergeFeed(undefined, [{ source: 'lido', ok: true, proposals: [l1] }], new Date('2026-11-20T00:00:00Z'));
    const second = mergeFeed(first, [{ source: 'lido', ok: true, proposals: [l1] }], new Date('2026-11-22T00:00:00Z'));
    expect(second.proposals[0]!.firstSeen).toBe('2026-11-20T00:00:00.000Z');
  });

  it('keeps a failed source’s last good proposals and says since when', () => {
    const good = mergeFeed(undefined, [{ source: 'aave', ok: true, proposals: [a1] }, { source: 'lido', ok: true, proposals: [l1] }], new Date('2026-11-20T00:00:00Z'));
    const next = mergeFeed(good, [{ source: 'aave', ok: false, message: 'timeout' }, { source: 'lido', ok: true, proposals: [l1] }], new Date('2026-11-22T00:00:00Z'));
    expect(ids(next.proposals)).toEqual(['aave-gov3-1', 'lido-snapshot-1']);
    expect(next.sources.aave).toEqual({ ok: false, checkedAt: '2026-11-22T00:00:00.000Z', lastSuccessAt: '2026-11-20T00:00:00.000Z', message: 'timeout (proposals as of 2026-11-20T00:00:00.000Z)' });
    expect(next.sources.lido!.ok).toBe(true);
  });

  it('treats an empty answer from a source that had proposals as a failure', () => {
    const good = mergeFeed(undefined, [{ source: 'aave', ok: true, proposals: [a1] }], new Date('2026-11-20T00:00:00Z'));
    const next = mergeFeed(good, [{ source: 'aave', ok: true, proposals: [] }], new Date('2026-11-22T00:00:00Z'));
    expect(ids(next.proposals)).toEqual(['aave-gov3-1']);
    expect(next.sources.aave!.ok).toBe(false);
  });

  it('drops proposals a source no longer lists when it answered', () => {
    const good = mergeFeed(undefined, [{ source: 'aave', ok: true, proposals: [a1] }], new Date('2026-11-20T00:00:00Z'));
    const a2 = feedProposal({ id: 'aave-gov3-2', protocol: 'aave', status: 'pending' });
    expect(ids(mergeFeed(good, [{ source: 'aave', ok: true, proposals: [a2] }], new Date('2026-11-22T00:00:00Z')).proposals)).toEqual(['aave-gov3-2']);
  });
});

describe('buildFeed', () => {
  const a1 = feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active' });

  it('reads every source in parallel, each under its deadline, and writes once', async () => {
    const store = new MemoryFeedStore();
    const events: string[] = [];
    const traced = (slug: string, answer: () => Promise<FeedProposal[]>) => async () => {
      events.push(`start ${slug}`);
      const proposals = await answer();
      events.push(`end ${slug}`);
      return proposals;
    };
    const result = await buildFeed({
      modules: [
        moduleWith('aave', traced('aave', () => new Promise((resolve) => setTimeout(() => resolve([a1]), 50)))),
        moduleWith('lido', traced('lido', () => new Promise(() => {}))), // hangs
        moduleWith('jito', traced('jito', () => new Promise((resolve) => setTimeout(() => resolve([]), 100)))),
      ],
      store,
      now: clock('2026-11-22T00:00:00Z'),
      deadlineMs: 300,
      upstreams: NO_UPSTREAMS,
    });
    expect(events.slice(0, 3)).toEqual(['start aave', 'start lido', 'start jito']); // all asked before any answered
    expect(result.written).toBe(true);
    expect(result.outcomes.map(({ slug, ok }) => [slug, ok])).toEqual([['aave', true], ['lido', false], ['jito', true]]);
    expect(result.outcomes[1]!.message).toContain('no answer within 300 ms');
    const read = await store.read();
    expect(read.status === 'found' && ids(read.feed.proposals)).toEqual(['aave-gov3-1']);
  });

  it('never replaces a good feed with an empty one', async () => {
    const store = new MemoryFeedStore();
    await buildFeed({ modules: [moduleWith('aave', async () => [a1])], store, now: clock('2026-11-20T00:00:00Z'), deadlineMs: 100, upstreams: NO_UPSTREAMS });
    const result = await buildFeed({ modules: [moduleWith('aave', async () => { throw new Error('down'); })], store, now: clock('2026-11-22T00:00:00Z'), deadlineMs: 100, upstreams: NO_UPSTREAMS });
    const read = await store.read();
    expect(read.status === 'found' && ids(read.feed.proposals)).toEqual(['aave-gov3-1']);
    expect(result.feed.sources['aave/main']!.ok).toBe(false);
  });

  it('writes a first feed even when every source failed, so the failures are visible', async () => {
    const store = new MemoryFeedStore();
    const result = await buildFeed({ modules: [moduleWith('aave', async () => { throw upstreamStatus('ethereum', 503); })], store, now: clock('2026-11-22T00:00:00Z'), deadlineMs: 100, upstreams: NO_UPSTREAMS });
    expect(result.written).toBe(true);
    const read = await store.read();
    expect(read.status === 'found' && read.feed.sources['aave/main']).toMatchObject({ ok: false, message: 'ethereum: answered HTTP 503' });
  });

  it('keeps one governance system’s last good proposals while another of the same protocol refreshes', async () => {
    const store = new MemoryFeedStore();
    const vote = feedProposal({ id: 'lido-aragon-1', protocol: 'lido', status: 'active' });
    const signal = feedProposal({ id: 'lido-snapshot-0xa', protocol: 'lido', status: 'closed' });
    const next = feedProposal({ id: 'lido-aragon-2', protocol: 'lido', status: 'pending' });
    await buildFeed({ modules: [moduleWith('lido', async () => [vote], { snapshot: async () => [signal] })], store, now: clock('2026-11-20T00:00:00Z'), deadlineMs: 100, upstreams: NO_UPSTREAMS });
    const result = await buildFeed({
      modules: [moduleWith('lido', async () => [next], { snapshot: async () => { throw new Error('hub down'); } })],
      store,
      now: clock('2026-11-22T00:00:00Z'),
      deadlineMs: 100,
      upstreams: NO_UPSTREAMS,
    });
    expect(ids(result.feed.proposals)).toEqual(['lido-aragon-2', 'lido-snapshot-0xa']);
    expect(result.outcomes.map(({ source, ok }) => [source, ok])).toEqual([['lido/main', true], ['lido/snapshot', false]]);
    expect(result.feed.sources['lido/snapshot']).toMatchObject({ ok: false, lastSuccessAt: '2026-11-20T00:00:00.000Z' });
  });
});

describe('readFeed', () => {
  it('lists a protocol as degraded when one of its governance systems failed, naming that system', async () => {
    const store = new MemoryFeedStore();
    const at = '2026-11-22T10:00:00.000Z';
    await store.write({
      builtAt: at,
      proposals: [],
      sources: {
        'lido/aragon': { ok: true, checkedAt: at, lastSuccessAt: at },
        'lido/snapshot': { ok: false, checkedAt: at, message: 'hub down' },
        'aave/gov3': { ok: true, checkedAt: at, lastSuccessAt: at },
      },
    });
    const { degraded } = await readFeed(store, new Date(at));
    expect(degraded.find((entry) => entry.module === 'lido')).toEqual({ module: 'lido', component: 'source', message: 'snapshot (hub down)' });
    expect(degraded.find((entry) => entry.module === 'aave')).toBeUndefined();
    // A protocol no build has read yet is coverage missing, not "no proposals".
    expect(degraded.find((entry) => entry.module === 'jito')).toMatchObject({ message: 'not read yet' });
  });

  it('works out the degraded sources again only when the stored feed changed', async () => {
    const store = new MemoryFeedStore();
    const at = '2026-11-22T10:00:00.000Z';
    const feed = (ok: boolean) => ({ builtAt: at, proposals: [], sources: { 'lido/snapshot': { ok, checkedAt: at, ...(!ok && { message: 'hub down' }) } } });
    await store.write(feed(false));
    const first = await readFeed(store, new Date(at));
    // The same feed (same ETag): the very same list, not a rebuilt one.
    expect((await readFeed(store, new Date(at))).degraded).toBe(first.degraded);
    await store.write(feed(true));
    expect((await readFeed(store, new Date(at))).degraded.find((entry) => entry.module === 'lido')).toBeUndefined();
  });
});

describe('mergeFeed when a whole module fails', () => {
  const at = (day: number) => new Date(`2026-11-${day}T00:00:00Z`);
  const realms = feedProposal({ id: 'jito-realms-abc', protocol: 'jito', status: 'active' });

  it('keeps the proposals of every system of a module that did not load', () => {
    const good = mergeFeed(undefined, [{ source: 'jito/realms', ok: true, proposals: [realms] }], at(20));
    const next = mergeFeed(good, [{ source: 'jito', ok: false, message: 'module did not load' }], at(22));
    expect(ids(next.proposals)).toEqual(['jito-realms-abc']);
    expect(next.sources.jito).toMatchObject({ ok: false, lastSuccessAt: '2026-11-20T00:00:00.000Z' });
  });

  it('keeps the proposals a feed stored before the split by system filed under the bare slug', () => {
    const legacy = { builtAt: '2026-11-20T00:00:00.000Z', sources: { jito: { ok: true, checkedAt: '2026-11-20T00:00:00.000Z', lastSuccessAt: '2026-11-20T00:00:00.000Z' } }, proposals: [realms] };
    const next = mergeFeed(legacy, [{ source: 'jito/realms', ok: false, message: 'down' }], at(22));
    expect(ids(next.proposals)).toEqual(['jito-realms-abc']);
    expect(next.sources['jito/realms']!.message).toMatch(/proposals as of 2026-11-20/);
  });
});
