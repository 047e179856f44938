import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { feedEtag } from '../feedEtag.js';
import type { FeedObjects, ObjectRead } from '../feedObjects.js';
import { PREBUILT_FILES } from '../types.js';

/**
 * Keys under one prefix as the feed store's objects. A PutObject replaces an object whole, and S3
 * reads are strongly consistent, so a reader gets the old body or the new one, never half. Reads
 * revalidate with If-None-Match, so an unchanged feed costs a 304 and no transfer. No remove: the
 * builder is granted puts only (a set-aside feed is skipped by its ETag until the build replaces it).
 */
export class S3Objects implements FeedObjects {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** `feeds/` for a feed at `feeds/feed.json`; empty at the bucket's root. */
    private readonly prefix: string,
  ) {}

  async get(name: string, ifNoneMatch?: string): Promise<ObjectRead> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + name, IfNoneMatch: ifNoneMatch }));
      const body = (await object.Body?.transformToString('utf8')) ?? '';
      return { status: 'found', body, etag: object.ETag ?? feedEtag(body) };
    } catch (error) {
      if (error instanceof NoSuchKey) return { status: 'missing' };
      // The SDK has no modelled error for 304; the status code is the one stable signal.
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 304) return { status: 'unchanged' };
      throw error;
    }
  }

  /**
   * A string body has a known length: no streaming upload, no checksum trailer (toolchain.md §4).
   * The prebuilt pages carry the headers CloudFront passes on: five minutes fresh, and up to a day
   * stale should the bucket fail (stale-if-error), so `/` and `/feed.atom` outlive an S3 outage at the edge.
   */
  async put(name: string, body: string, contentType: string): Promise<string> {
    const prebuilt = (PREBUILT_FILES as readonly string[]).includes(name);
    const { ETag } = await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.prefix + name,
        Body: body,
        ContentType: contentType,
        ...(prebuilt && { CacheControl: 'public, max-age=300, stale-if-error=86400' }),
      }),
    );
    // S3 always answers with the ETag; the MD5 fallback only keeps the type honest.
    return ETag ?? feedEtag(body);
  }
}
