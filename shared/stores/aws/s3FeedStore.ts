import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { feedEtag } from '../feedEtag.js';
import type { FeedRead, FeedStore, PrebuiltFile, PrebuiltName, StoredFeed } from '../types.js';

/**
 * The feed as one S3 object. A PutObject replaces an object whole, and S3 reads are strongly
 * consistent, so a reader gets the old feed or the new one, never half. Requests revalidate with
 * If-None-Match, so an unchanged feed costs a 304 and no transfer.
 */
export class S3FeedStore implements FeedStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly key: string,
  ) {}

  async read(ifNoneMatch?: string): Promise<FeedRead> {
    let body: string;
    let etag: string | undefined;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key, IfNoneMatch: ifNoneMatch }));
      body = (await object.Body?.transformToString('utf8')) ?? '';
      etag = object.ETag;
    } catch (error) {
      if (error instanceof NoSuchKey) return { status: 'missing' };
      // The SDK has no modelled error for 304; the status code is the one stable signal.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 304) return { status: 'unchanged' };
      throw error;
    }
    return { status: 'found', feed: parseFeed(body, this.key), etag: etag ?? feedEtag(body) };
  }

  /** A string body has a known length: no streaming upload, no checksum trailer (toolchain.md §4). */
  async write(feed: StoredFeed): Promise<string> {
    const body = JSON.stringify(feed);
    const { ETag } = await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.key, Body: body, ContentType: 'application/json' }),
    );
    // S3 always answers with the ETag; the MD5 fallback only keeps the type honest.
    return ETag ?? feedEtag(body);
  }

  /**
   * A prebuilt file is its own object beside the feed's key (`index.html` next to `feed.json`),
   * one PutObject like the feed, with the headers CloudFront passes on to browsers.
   */
  async writePrebuilt(name: PrebuiltName, file: PrebuiltFile): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.prebuiltKey(name), Body: file.body, ContentType: file.contentType, CacheControl: 'public, max-age=300' }),
    );
  }

  async readPrebuilt(name: PrebuiltName): Promise<PrebuiltFile | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prebuiltKey(name) }));
      return { body: (await object.Body?.transformToString('utf8')) ?? '', contentType: object.ContentType ?? 'application/octet-stream' };
    } catch (error) {
      if (error instanceof NoSuchKey) return undefined;
      throw error;
    }
  }

  private prebuiltKey(name: PrebuiltName): string {
    const slash = this.key.lastIndexOf('/');
    return slash < 0 ? name : `${this.key.slice(0, slash + 1)}${name}`;
  }
}

/**
 * A feed object is JSON written whole by write(), so a body that does not parse was cut short in
 * transit (or by an S3 emulator that, unlike S3, writes objects in place): it is an error, never
 * a feed. A strict prefix of a JSON object never parses, so half a feed cannot pass.
 */
function parseFeed(body: string, key: string): StoredFeed {
  try {
    return JSON.parse(body) as StoredFeed;
  } catch (error) {
    throw new Error(`feed object ${key} is not whole JSON (${body.length} characters)`, { cause: error });
  }
}
