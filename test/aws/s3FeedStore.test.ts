import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FeedStore } from '../../shared/stores/aws/s3FeedStore.js';
import type { StoredFeed } from '../../shared/stores/types.js';
import { feedProposal, storedFeed } from '../support/feed.js';
import { type LocalS3, startS3rver } from '../support/s3rver.js';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(() => s3?.close());

let objects = 0;
const freshStore = () => new S3FeedStore(s3.client, s3.bucket, `feeds/feed-${++objects}.json`);
const feedOf = (count: number, tag: string): StoredFeed =>
  storedFeed(Array.from({ length: count }, (_, index) => feedProposal({ id: `aave-${tag}-${index}`, protocol: 'aave', status: 'active', description: tag.repeat(200) })));

describe('S3 feed store', () => {
  it('reads missing before the first write', async () => {
    expect(await freshStore().read()).toEqual({ status: 'missing' });
  });

  it('reads back what was written, with the ETag the write returned', async () => {
    const store = freshStore();
    const feed = feedOf(3, 'a');
    const etag = await store.write(feed);
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await store.read()).toEqual({ status: 'found', feed, etag });
  });

  it('keeps a proposal’s spam verdict through the round trip', async () => {
    const store = freshStore();
    const spam = { rule: 'cosmoshub/scam-list', reason: 'proposal 936 is on the cosmoshub scam-proposal list' };
    const feed = storedFeed([feedProposal({ id: 'cosmoshub-gov-936', protocol: 'cosmoshub', status: 'active', spam })]);
    await store.write(feed);
    const read = await store.read();
    expect(read.status === 'found' && read.feed.proposals[0]!.spam).toEqual(spam);
  });

  it('stores JSON with its content type', async () => {
    const store = new S3FeedStore(s3.client, s3.bucket, 'typed.json');
    await store.write(feedOf(1, 't'));
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'typed.json' }));
    expect(object.ContentType).toBe('application/json');
  });

  it('answers unchanged to the current ETag, and the new feed after a write', async () => {
    const store = freshStore();
    const first = await store.write(feedOf(1, 'b'));
    expect(await store.read(first)).toEqual({ status: 'unchanged' });
    const second = await store.write(feedOf(2, 'c'));
    expect(second).not.toBe(first);
    expect(await store.read(first)).toEqual({ status: 'found', feed: feedOf(2, 'c'), etag: second });
  });

  it('never gives a reader half a feed while writes replace it', async () => {
    const store = freshStore();
    // Different lengths, so a torn read would be a prefix of a longer feed or a stall on a shorter one.
    const versions = [feedOf(300, 'x'), feedOf(700, 'y'), feedOf(100, 'z')];
    const whole = new Set(versions.map((feed) => JSON.stringify(feed)));
    await store.write(versions[0]!);
    let writing = true;
    const writer = (async () => {
      for (let round = 1; round <= 15; round++) {
        await store.write(versions[round % versions.length]!);
        // A pause between writes lets reads land both between writes and across them.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      writing = false;
    })();
    const outcomes = { found: 0, refused: 0 };
    const reader = async () => {
      while (writing) {
        try {
          const read = await store.read();
          expect(read.status).toBe('found');
          if (read.status === 'found') expect(whole.has(JSON.stringify(read.feed))).toBe(true);
          outcomes.found += 1;
        } catch (error) {
          // s3rver writes objects in place (S3 replaces them whole), so reads can tear here; a torn
          // body must surface as an error: cut-short JSON, or a body that stopped arriving.
          expect(String(error)).toMatch(/not whole JSON|timed out|aborted/);
          outcomes.refused += 1;
        }
      }
    };
    await Promise.all([writer, reader(), reader(), reader()]);
    expect(outcomes.found).toBeGreaterThan(0);
  });
});
