import { buildFeed } from '../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../shared/modules/loaders.js';
import type { Services } from '../shared/runtime/services.js';
import type { FeedStore } from '../shared/stores/types.js';
import { afterFeedBuild } from '../shared/webhooks/afterFeedBuild.js';

/**
 * Builds the feed now and then every `intervalSeconds`, as the scheduled Lambda does in AWS.
 * A build still running when the next is due is not doubled.
 *
 * One writer per store: while another running server holds the store's lock, this one serves the
 * store read-only (it says so once) and tries again at each interval, so it takes over when that
 * server stops. Refusing to start would break a second server a user starts on purpose (another
 * port, the same data); reading what the first one builds is what they expect.
 */
export function scheduleFeedBuilds(getServices: () => Promise<Services>, intervalSeconds: number): { stop(): void; running(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  let readOnly = false;
  let store: FeedStore | undefined;
  const run = () => {
    if (busy) return;
    busy = true;
    current = (async () => {
      const services = await getServices();
      const { feedStore, config, now, upstreams } = services;
      store = feedStore;
      const claim = await feedStore.claimWriter();
      if (!claim.claimed) {
        if (!readOnly) console.log(`feed store: written by ${claim.holder}; this server serves it read-only and builds no feed`);
        readOnly = true;
        return;
      }
      if (readOnly) console.log('feed store: its writer has stopped; this server builds the feed now');
      readOnly = false;
      const repair = await feedStore.repair(now());
      if (repair) console.log(`feed store repaired: ${repair.message}`);
      const result = await buildFeed({ modules: MODULE_ENTRIES, store: feedStore, now, deadlineMs: config.sourceDeadlineMs, upstreams, ...(config.publicBaseUrl && { publicBaseUrl: config.publicBaseUrl }) });
      const failed = result.outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.source);
      console.log(`feed built: ${result.feed.proposals.length} proposals${failed.length ? `; not read: ${failed.join(', ')}` : ''}`);
      // The watched wallets are checked on the in-process queue, after the build (signed webhooks, issue #24).
      await afterFeedBuild(services, result);
    })()
      .catch((error) => console.error(JSON.stringify({ level: 'error', message: 'feed build failed', cause: String(error) })))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  let stopped: Promise<void> | undefined;
  return {
    // The lock is given up once the build under way has finished writing, never during it.
    stop: () => {
      clearInterval(timer);
      stopped ??= current.then(() => store?.releaseWriter()).catch(() => undefined);
    },
    running: () => stopped ?? current,
  };
}
