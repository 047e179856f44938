import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FileFeedStore } from '../../shared/stores/file/fileFeedStore.js';
import { MemoryFeedStore } from '../../shared/stores/memory/memoryFeedStore.js';
import { MemoryCounterStore } from '../../shared/stores/memory/memoryCounterStore.js';
import { MemoryTtlCache } from '../../shared/stores/memory/memoryTtlCache.js';
import type { FeedStore } from '../../shared/stores/types.js';
import { feedProposal, storedFeed } from '../support/feed.js';

const directories: string[] = [];
afterEach(async () => {
  await Promise.all(directories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
});

const fileStore = async () => {
  const directory = await mkdtemp(join(tmpdir(), 'govex-feed-'));
  directories.push(directory);
  return { store: new FileFeedStore(join(directory, 'nested', 'feed.json')), directory };
};

describe.each([
  ['file', async () => (await fileStore()).store],
  ['memory', async () => new MemoryFeedStore()],
] as [string, () => Promise<FeedStore>][])('%s feed store', (_name, make) => {
  it('reads missing before the first write', async () => {
    expect(await (await make()).read()).toEqual({ status: 'missing' });
  });

  it('reads back what was written, with its ETag', async () => {
    const store = await make();
    const feed = storedFeed([feedProposal({ id: 'aave-gov3-1', protocol: 'aave', status: 'active' })]);
    const etag = await store.write(feed);
    expect(await store.read()).toEqual({ status: 'found', feed, etag });
  });

  it('answers unchanged to a matching ETag, and the new feed after a write', async () => {
    const store = await make();
    const first = await store.write(storedFeed([]));
    expect(await store.read(first)).toEqual({ status: 'unchanged' });
    const second = await store.write(storedFeed([feedProposal({ id: 'lido-snapshot-1', protocol: 'lido', status: 'closed' })]));
    expect(second).not.toBe(first);
    expect((await store.read(first)).status).toBe('found');
  });
});

describe('file feed store', () => {
  it('never shows a reader a half-written feed', async () => {
    const { store, directory } = await fileStore();
    const big = storedFeed(Array.from({ length: 2000 }, (_, index) => feedProposal({ id: `aave-gov3-${index}`, protocol: 'aave', status: 'active', description: 'x'.repeat(500) })));
    const small = storedFeed([]);
    await store.write(small);
    const reads: string[] = [];
    await Promise.all([
      ...Array.from({ length: 10 }, (_, index) => store.write(index % 2 ? big : small)),
      ...Array.from({ length: 30 }, async () => {
        const read = await store.read();
        reads.push(read.status === 'found' ? String(read.feed.proposals.length) : read.status);
      }),
    ]);
    expect(new Set(reads)).toEqual(new Set(reads.filter((count) => count === '0' || count === '2000')));
    expect((await readdir(join(directory, 'nested'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('memory TTL cache', () => {
  it('forgets an entry at its expiry', async () => {
    const cache = new MemoryTtlCache<string>();
    await cache.set('k', 'v', 1_000);
    expect(await cache.get('k', 999)).toBe('v');
    expect(await cache.get('k', 1_000)).toBeUndefined();
  });

  it('drops the oldest entry when full', async () => {
    const cache = new MemoryTtlCache<number>({ maxEntries: 2 });
    await cache.set('a', 1, 10);
    await cache.set('b', 2, 10);
    await cache.set('c', 3, 10);
    expect([await cache.get('a', 0), await cache.get('b', 0), await cache.get('c', 0)]).toEqual([undefined, 2, 3]);
  });

  it('stays within its byte budget however many distinct keys arrive, oldest out first', async () => {
    const cache = new MemoryTtlCache<string>({ maxBytes: 10_000 });
    const value = 'x'.repeat(998); // 1,000 bytes as JSON
    for (let index = 0; index < 1_000; index++) await cache.set(`wallet-${index}`, value, 10);
    expect(cache.usage).toEqual({ entries: 10, bytes: 10_000 });
    expect(await cache.get('wallet-989', 0)).toBeUndefined();
    expect(await cache.get('wallet-990', 0)).toBe(value);
  });

  it('keeps no value larger than its whole budget', async () => {
    const cache = new MemoryTtlCache<string>({ maxBytes: 100 });
    await cache.set('big', 'x'.repeat(200), 10);
    expect(cache.usage).toEqual({ entries: 0, bytes: 0 });
  });
});

describe('memory counter store', () => {
  it('holds at most its key budget however many distinct clients arrive', async () => {
    const store = new MemoryCounterStore(1_000);
    for (let index = 0; index < 5_000; index++) await store.incrementIfBelow(`client-${index}`, 1, 30, Date.now() + 120_000);
    expect(store.size).toBe(1_000);
    expect(await store.count('client-4999', 1)).toBe(1);
  });
});
