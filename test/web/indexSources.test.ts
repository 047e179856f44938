import { describe, expect, it } from 'vitest';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { indexPage } from '../../web/indexPage.js';
import { sourceWords } from '../../web/liveProposals.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { testServices } from '../support/services.js';

/** The text a reader sees, tags dropped and whitespace collapsed. */
const text = (page: string) => page.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the index when sources are unavailable', () => {
  it('says sources are unavailable, naming each, when no source answered the build, never that no proposal is open', async () => {
    // Every real module, every upstream on a closed local port: each source fails at once.
    const store = new MemoryFeedStore();
    const { feed, outcomes } = await buildFeed({ modules: MODULE_ENTRIES, store, now: () => new Date('2026-11-25T12:00:00Z'), deadlineMs: 5_000, upstreams: testServices().upstreams });
    expect(outcomes.every((outcome) => !outcome.ok)).toBe(true);
    const page = text((await store.readPrebuilt('index.html'))!.body);
    expect(page).toContain('Sources unavailable: no source could be read at the last build.');
    expect(page).toContain('This does not mean that none is open.');
    expect(page).not.toContain('No proposal is open');
    for (const source of Object.keys(feed.sources)) expect(page).toContain(`${sourceWords(source)}: not read at any build yet (last tried Nov 25, 2026, 12:00 UTC )`);
    // People read names, never the sources' keys.
    for (const source of Object.keys(feed.sources)) expect(page).not.toContain(source);
    expect(Object.keys(feed.sources).length).toBe(outcomes.length);
  });

  it('names the failed sources of a partial build, and says its empty list covers only the sources read', () => {
    const page = text(indexPage(storedFeed([feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'executed' })], { jito: 'timed out', lido: 'HTTP 503' })));
    expect(page).toContain('Some sources could not be read at the last build.');
    // A system its module does not name (`main` here) is named by the protocol.
    expect(page).toContain('Jito proposals: not read at any build yet');
    expect(page).toContain('Lido proposals: not read at any build yet');
    expect(page).toContain('No proposal is open for voting, waiting to open or waiting to execute on the sources that were read; the unavailable sources above may have some.');
    expect(page).not.toContain('Sources unavailable');
  });

  it('says no proposal is open only when every source was read', () => {
    const page = text(indexPage(storedFeed([])));
    expect(page).toContain('No proposal is open for voting, waiting to open or waiting to execute right now.');
    expect(page).not.toMatch(/could not be read|unavailable/);
  });

  it('says since when each source is unavailable, by the name its module gives the governance system', () => {
    const feed = storedFeed([feedProposal({ id: 'morpho-ethvaults-1', protocol: 'morpho', status: 'active', timeline: { end: '2026-11-30T00:00:00Z' } })]);
    feed.sources['morpho/ethvaults'] = { ok: false, checkedAt: feed.builtAt, lastSuccessAt: '2026-11-21T08:00:00.000Z', message: 'HTTP 503' };
    feed.sources['morpho/basevaults'] = { ok: false, checkedAt: feed.builtAt, lastSuccessAt: '2026-11-20T06:00:00.000Z', message: 'HTTP 503' };
    const page = text(indexPage(feed));
    expect(page).toContain('Morpho vaults on Ethereum: unavailable since Nov 21, 2026, 08:00 UTC , its last answer');
    expect(page).toContain('Morpho vaults on Base: unavailable since Nov 20, 2026, 06:00 UTC , its last answer');
    expect(page).not.toMatch(/morpho\/|vaults:|vaults unavailable/);
    // Its last good proposals are still listed.
    expect(page).toContain('Proposal morpho-ethvaults-1');
  });
});
