import { feedEtag } from '../feedEtag.js';
import type { FeedObjects, ObjectRead } from '../feedObjects.js';
import { feedNames } from '../feedNames.js';
import { HealingFeedStore } from '../healingFeedStore.js';

/** Objects in a map, kept as strings like the other stores' bodies, so readers never share mutable objects. */
class MemoryObjects implements FeedObjects {
  readonly bodies = new Map<string, { body: string; etag: string }>();

  async get(name: string, ifNoneMatch?: string): Promise<ObjectRead> {
    const object = this.bodies.get(name);
    if (!object) return { status: 'missing' };
    if (object.etag === ifNoneMatch) return { status: 'unchanged' };
    return { status: 'found', ...object };
  }

  async put(name: string, body: string): Promise<string> {
    const etag = feedEtag(body);
    this.bodies.set(name, { body, etag });
    return etag;
  }

  async remove(name: string): Promise<void> {
    this.bodies.delete(name);
  }
}

/** The feed in memory (tests, the OpenAPI examples), healing as the file and S3 stores do. */
export class MemoryFeedStore extends HealingFeedStore {
  constructor() {
    super(new MemoryObjects(), feedNames('feed.json'));
  }
}
