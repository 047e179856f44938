import { buildFeed } from '../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../shared/modules/loaders.js';
import type { Services } from '../shared/runtime/services.js';

/**
 * Builds the feed now and then every `intervalSeconds`, as the scheduled Lambda does in AWS.
 * A build still running when the next is due is not doubled.
 */
export function scheduleFeedBuilds(getServices: () => Promise<Services>, intervalSeconds: number): { stop(): void; running(): Promise<void> } {
  let current: Promise<void> = Promise.resolve();
  let busy = false;
  const run = () => {
    if (busy) return;
    busy = true;
    current = (async () => {
      const { feedStore, config, now, upstreams } = await getServices();
      const result = await buildFeed({ modules: MODULE_ENTRIES, store: feedStore, now, deadlineMs: config.sourceDeadlineMs, upstreams });
      const failed = result.outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.source);
      console.log(`feed built: ${result.feed.proposals.length} proposals${failed.length ? `; not read: ${failed.join(', ')}` : ''}`);
    })()
      .catch((error) => console.error(JSON.stringify({ level: 'error', message: 'feed build failed', cause: String(error) })))
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, intervalSeconds * 1000);
  timer.unref();
  return { stop: () => clearInterval(timer), running: () => current };
}
