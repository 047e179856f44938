import { statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { feedEtag } from '../feedEtag.js';
import type { FeedRead, FeedStore, PrebuiltFile, PrebuiltName, StoredFeed } from '../types.js';

/**
 * The feed as one JSON file. A write goes to a temporary file that is then renamed over the feed:
 * rename is atomic on one file system, so a reader sees the old feed or the new one, never half.
 */
export class FileFeedStore implements FeedStore {
  /** The file last read and its ETag: every write renames a new file in, so the same inode, size and mtime mean the same body. */
  private lastRead?: { identity: string; etag: string };

  constructor(private readonly path: string) {}

  async read(ifNoneMatch?: string): Promise<FeedRead> {
    // Every request reads the feed: a stat answers an unchanged one without reading and hashing the whole file.
    // Synchronous: a local stat takes microseconds, while through libuv's thread pool it cost more than
    // the rest of a cached /api/proposals answer, and put its p99 at 7 times a bare server's (bench/load.ts).
    let identity: string;
    let body: string;
    try {
      const stats = statSync(this.path);
      identity = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}`;
      if (ifNoneMatch !== undefined && this.lastRead?.identity === identity && this.lastRead.etag === ifNoneMatch) return { status: 'unchanged' };
      body = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      throw error;
    }
    const etag = feedEtag(body);
    this.lastRead = { identity, etag };
    if (etag === ifNoneMatch) return { status: 'unchanged' };
    return { status: 'found', feed: JSON.parse(body) as StoredFeed, etag };
  }

  async write(feed: StoredFeed): Promise<string> {
    const body = JSON.stringify(feed);
    await replaceFile(this.path, body);
    return feedEtag(body);
  }

  /** A prebuilt file sits beside the feed under its own name; its content type follows from the name. */
  async writePrebuilt(name: PrebuiltName, file: PrebuiltFile): Promise<void> {
    await replaceFile(join(dirname(this.path), name), file.body);
  }

  async readPrebuilt(name: PrebuiltName): Promise<PrebuiltFile | undefined> {
    try {
      return { body: await readFile(join(dirname(this.path), name), 'utf8'), contentType: PREBUILT_TYPES[name] };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }
}

const PREBUILT_TYPES: Record<PrebuiltName, string> = { 'index.html': 'text/html; charset=utf-8', 'feed.atom': 'application/atom+xml; charset=utf-8' };

/** Writes a temporary file, then renames it over the target: readers see the old file or the new one. */
async function replaceFile(path: string, body: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomUUID()}.tmp`;
  await writeFile(temporary, body, 'utf8');
  await rename(temporary, path);
}
