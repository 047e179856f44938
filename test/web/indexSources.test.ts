import { describe, expect, it } from 'vitest';
import { buildFeed } from '../../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../../shared/modules/loaders.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { indexPage } from '../../web/indexPage.js';
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
    for (const source of Object.keys(feed.sources)) expect(page).toContain(`— ${source} (never read)`);
    expect(Object.keys(feed.sources).length).toBe(outcomes.length);
  });

  it('names the failed sources of a partial build, and says its empty list covers only the sources read', () => {
    const page = text(indexPage(storedFeed([feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'executed' })], { jito: 'timed out', lido: 'HTTP 503' })));
    expect(page).toContain('Some sources could not be read at the last build.');
    expect(page).toContain('— jito/main (never read)');
    expect(page).toContain('— lido/main (never read)');
    expect(page).toContain('No proposal is open for voting or waiting to open on the sources that were read; the unavailable sources above may have some.');
    expect(page).not.toContain('Sources unavailable');
  });

  it('says no proposal is open only when every source was read', () => {
    const page = text(indexPage(storedFeed([])));
    expect(page).toContain('No proposal is open for voting or waiting to open right now.');
    expect(page).not.toMatch(/could not be read|unavailable/);
  });
});
