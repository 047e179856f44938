import { feedEtag } from '../feedEtag.js';
import type { FeedRead, FeedStore, PrebuiltFile, PrebuiltName, StoredFeed } from '../types.js';

/** The feed in memory, serialized like the other stores so readers never share mutable objects. */
export class MemoryFeedStore implements FeedStore {
  private current?: { body: string; etag: string };

  async read(ifNoneMatch?: string): Promise<FeedRead> {
    if (!this.current) return { status: 'missing' };
    if (ifNoneMatch === this.current.etag) return { status: 'unchanged' };
    return { status: 'found', feed: JSON.parse(this.current.body) as StoredFeed, etag: this.current.etag };
  }

  async write(feed: StoredFeed): Promise<string> {
    const body = JSON.stringify(feed);
    this.current = { body, etag: feedEtag(body) };
    return this.current.etag;
  }

  private readonly prebuilt = new Map<PrebuiltName, PrebuiltFile>();

  async writePrebuilt(name: PrebuiltName, file: PrebuiltFile): Promise<void> {
    this.prebuilt.set(name, { ...file });
  }

  async readPrebuilt(name: PrebuiltName): Promise<PrebuiltFile | undefined> {
    const file = this.prebuilt.get(name);
    return file && { ...file };
  }
}
