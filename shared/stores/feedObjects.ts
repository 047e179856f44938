/**
 * Named objects in one place (a folder of files, keys under one S3 prefix, a map in memory): what
 * the feed store keeps its feed, the feed's last good copy, a set-aside feed and the prebuilt files in.
 */
export type ObjectRead = { status: 'found'; body: string; etag: string } | { status: 'unchanged' } | { status: 'missing' };

export interface FeedObjects {
  /** The object's body and ETag; `unchanged` when its ETag equals `ifNoneMatch`. */
  get(name: string, ifNoneMatch?: string): Promise<ObjectRead>;
  /** Replaces the object whole (readers see the old body or the new one) and returns its ETag. */
  put(name: string, body: string, contentType: string): Promise<string>;
  /** Deletes the object, where the adapter may (S3 grants none: a set-aside feed is then skipped by its ETag). */
  remove?(name: string): Promise<void>;
}
