import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { feedEtag } from '../feedEtag.js';
import type { FeedRead, FeedStore, StoredFeed } from '../types.js';

/**
 * The feed as one JSON file. A write goes to a temporary file that is then renamed over the feed:
 * rename is atomic on one file system, so a reader sees the old feed or the new one, never half.
 */
export class FileFeedStore implements FeedStore {
  constructor(private readonly path: string) {}

  async read(ifNoneMatch?: string): Promise<FeedRead> {
    let body: string;
    try {
      body = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing' };
      throw error;
    }
    const etag = feedEtag(body);
    if (etag === ifNoneMatch) return { status: 'unchanged' };
    return { status: 'found', feed: JSON.parse(body) as StoredFeed, etag };
  }

  async write(feed: StoredFeed): Promise<string> {
    const body = JSON.stringify(feed);
    await mkdir(dirname(this.path), { recursive: true });
    const temporary = `${this.path}.${randomUUID()}.tmp`;
    await writeFile(temporary, body, 'utf8');
    await rename(temporary, this.path);
    return feedEtag(body);
  }
}
