import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import type { ModuleEntry } from '../../shared/modules/types.js';
import { FileFeedStore } from '../../shared/stores/file/fileFeedStore.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { atomFeed } from '../../web/atomFeed.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { testServices } from '../support/services.js';

/** The modules here are stand-ins that read nothing. */
const NO_UPSTREAMS = testServices().upstreams;

const LIVE = feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active', title: 'Raise <USDT> cap', timeline: { end: '2026-12-01T00:00:00Z' }, sourceLinks: [{ url: 'https://vote.example/1', label: 'Vote' }] });
const SOONER = feedProposal({ id: 'lido-aragon-2', protocol: 'lido', status: 'active', timeline: { end: '2026-11-25T00:00:00Z' } });
const PENDING = feedProposal({ id: 'compound-gov-3', protocol: 'compound', status: 'pending', timeline: { start: '2026-11-30T00:00:00Z' } });
const DONE = feedProposal({ id: 'aave-gov3-4', protocol: 'aave', status: 'executed' });
const SPAM = feedProposal({ id: 'cosmoshub-gov-5', protocol: 'cosmoshub', status: 'active', spam: { rule: 'r', reason: 'airdrop' }, sourceLinks: [{ url: 'https://phish.example', label: 'Claim' }] });
const FEED = storedFeed([LIVE, SOONER, PENDING, DONE, SPAM], { jito: 'timed out' });

describe('the Atom feed', () => {
  const atom = atomFeed(FEED);
  const entries = atom.split('<entry>').slice(1);

  it('lists live and pending proposals, most urgent first, never spam or decided ones', () => {
    expect(entries.map((entry) => /<category term="(\w+)" label/.exec(entry)![1])).toEqual(['lido', 'aave', 'compound']);
    expect(atom).not.toContain('phish.example');
    expect(atom).not.toContain('aave-gov3-4');
  });

  it('is Atom 1.0 with stable urn:uuid ids, escaped titles, its page on this site as the link and the primary source as the related one', () => {
    expect(atom).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    expect(atom).toContain('<title type="text">Aave: Raise &lt;USDT&gt; cap</title>');
    expect(entries[1]).toContain('<link rel="alternate" type="text/html" href="/p/aave-gov3-1"/>');
    expect(entries[1]).toContain('<link rel="related" type="text/html" href="https://vote.example/1"/>');
    const ids = entries.map((entry) => /<id>([^<]+)<\/id>/.exec(entry)![1]);
    for (const id of ids) expect(id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(atomFeed(FEED)).toBe(atom);
  });

  it('links absolutely from the public address when the builder knows it', () => {
    const absolute = atomFeed(FEED, 'https://govex.example');
    expect(absolute).toContain('<link rel="alternate" type="text/html" href="https://govex.example/p/aave-gov3-1"/>');
    expect(absolute).toContain('<link rel="self" type="application/atom+xml" href="https://govex.example/feed.atom"/>');
  });

  it('lists a passed proposal waiting to execute, with its eta, after the votes', () => {
    const queued = feedProposal({ id: 'compound-governors-9', protocol: 'compound', status: 'passed', timeline: { end: '2026-11-21T00:00:00Z' }, effectiveDate: '2026-11-23T06:00:00Z' });
    const withQueued = atomFeed({ ...FEED, proposals: [...FEED.proposals, queued] });
    const last = withQueued.split('<entry>').at(-1)!;
    expect(last).toContain('href="/p/compound-governors-9"');
    expect(last).toContain('passed, not yet executed, executes Nov 23, 2026, 06:00 UTC.');
  });
});

describe('files prebuilt with the feed', () => {
  const module = (proposals = [LIVE, SPAM]): ModuleEntry => ({ slug: 'aave', load: async () => ({ source: { gov3: { readProposals: async () => proposals } } }) }) as unknown as ModuleEntry;

  it('are written beside the feed by each build: the index and the Atom feed of the proposals just written', async () => {
    const store = new MemoryFeedStore();
    await buildFeed({ modules: [module()], store, now: () => new Date('2026-11-22T12:00:00Z'), deadlineMs: 1000, upstreams: NO_UPSTREAMS });
    const index = await store.readPrebuilt('index.html');
    expect(index?.contentType).toBe('text/html; charset=utf-8');
    expect(index?.body).toContain('Raise &lt;USDT&gt; cap');
    expect((await store.readPrebuilt('feed.atom'))?.body).toContain('Raise &lt;USDT&gt; cap');
  });

  it('are files next to the feed file, replaced whole', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'govex-prebuilt-'));
    try {
      const store = new FileFeedStore(join(directory, 'feed.json'));
      expect(await store.readPrebuilt('feed.atom')).toBeUndefined();
      await store.writePrebuilt('feed.atom', { body: '<feed/>', contentType: 'application/atom+xml; charset=utf-8' });
      await store.writePrebuilt('feed.atom', { body: '<feed>2</feed>', contentType: 'application/atom+xml; charset=utf-8' });
      expect(await store.readPrebuilt('feed.atom')).toEqual({ body: '<feed>2</feed>', contentType: 'application/atom+xml; charset=utf-8' });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
