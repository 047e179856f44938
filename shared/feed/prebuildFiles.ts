import type { FeedStore, StoredFeed } from '../stores/types.js';
import { atomFeed } from '../../web/atomFeed.js';
import { indexPage } from '../../web/indexPage.js';

/**
 * Writes the files prebuilt from a feed beside it: the index page at `/` and the Atom feed at
 * `/feed.atom`. Served as files (the local server; S3 behind CloudFront), so they cost no function call.
 */
export async function prebuildFiles(feed: StoredFeed, store: Pick<FeedStore, 'writePrebuilt'>, publicBaseUrl?: string): Promise<void> {
  await store.writePrebuilt('index.html', { body: indexPage(feed), contentType: 'text/html; charset=utf-8' });
  // The Atom feed's links are absolute where the public address is configured (PUBLIC_BASE_URL).
  await store.writePrebuilt('feed.atom', { body: atomFeed(feed, publicBaseUrl), contentType: 'application/atom+xml; charset=utf-8' });
}
