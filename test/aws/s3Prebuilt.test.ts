import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FeedStore } from '../../shared/stores/aws/s3FeedStore.js';
import { type LocalS3, startS3rver } from '../support/s3rver.js';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startS3rver();
});
afterAll(() => s3?.close());

describe('S3 feed store, prebuilt files', () => {
  it('puts each beside the feed key with its content type and a 5-minute Cache-Control (stale for a day if the bucket fails), and reads it back', async () => {
    const store = new S3FeedStore(s3.client, s3.bucket, 'site/feed.json');
    expect(await store.readPrebuilt('index.html')).toBeUndefined();
    await store.writePrebuilt('index.html', { body: '<!doctype html><p>hi</p>', contentType: 'text/html; charset=utf-8' });
    const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'site/index.html' }));
    expect(object.ContentType).toBe('text/html; charset=utf-8');
    expect(object.CacheControl).toBe('public, max-age=300, stale-if-error=86400');
    expect(await store.readPrebuilt('index.html')).toEqual({ body: '<!doctype html><p>hi</p>', contentType: 'text/html; charset=utf-8' });
  });
});
