import { buildFeed } from '../shared/feed/buildFeed.js';
import { MODULE_ENTRIES } from '../shared/modules/loaders.js';
import { backgroundServices } from '../shared/runtime/backgroundServices.js';
import { afterFeedBuild } from '../shared/webhooks/afterFeedBuild.js';

/**
 * The scheduled feed builder (EventBridge, every 5 minutes): heals the store (a feed that does not
 * parse is set aside, see shared/stores/healingFeedStore.ts), reads every source and writes the feed
 * in one object. It answers nobody over HTTP; its log line is the build report.
 */
export const handler = async (): Promise<{ written: boolean; proposals: number; failed: string[]; repaired?: string }> => {
  // Not the HTTP functions' services(): the builder has no origin secret to derive the limiter's key from,
  // and the AWS stores refuse to start without one (awsServices), though it counts no request.
  const current = await backgroundServices();
  const { feedStore, config, now, upstreams } = current;
  const repair = await feedStore.repair(now());
  const result = await buildFeed({ modules: MODULE_ENTRIES, store: feedStore, now, deadlineMs: config.sourceDeadlineMs, upstreams, ...(config.publicBaseUrl && { publicBaseUrl: config.publicBaseUrl }) });
  const summary = {
    written: result.written,
    proposals: result.feed.proposals.length,
    failed: result.outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.source),
    ...(repair && { repaired: repair.message }),
  };
  console.log(JSON.stringify({ level: 'info', message: 'feed built', ...summary, outcomes: result.outcomes }));
  // The delivery function checks the watched wallets of the protocols this build changed (issue #24).
  await afterFeedBuild(current, result);
  return summary;
};
