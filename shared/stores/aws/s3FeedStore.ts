import type { S3Client } from '@aws-sdk/client-s3';
import { feedNames } from '../feedNames.js';
import { HealingFeedStore } from '../healingFeedStore.js';
import { S3Objects } from './s3Objects.js';

/**
 * The feed as one S3 object, its last good copy and the prebuilt files beside it (`feeds/index.html`
 * next to `feeds/feed.json`), healing as ../healingFeedStore.ts says: a Lambda container keeps the
 * last good feed and pages it read in memory and answers from them while S3 is down or the object is
 * damaged. One scheduled builder writes (never two at once: see infra/functionProfiles.ts), so there is no lock.
 */
export class S3FeedStore extends HealingFeedStore {
  constructor(client: S3Client, bucket: string, key: string) {
    const slash = key.lastIndexOf('/');
    super(new S3Objects(client, bucket, key.slice(0, slash + 1)), feedNames(key.slice(slash + 1)));
  }
}
