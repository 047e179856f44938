import type { Services } from '../runtime/services.js';
import { webhooksOf } from './webhooks.js';

/**
 * The feed builder's hand-off to the webhooks (local/feedSchedule.ts, functions/buildFeed.ts): one
 * job per build naming the protocols it changed, even none, so the hourly rescans run on the
 * build's clock. A queue that cannot take it costs this build's deliveries, never the build.
 */
export async function afterFeedBuild(services: Services, build: { written: boolean; feed: { builtAt: string }; changedProtocols: string[] }): Promise<void> {
  try {
    await webhooksOf(services).queue.send({ kind: 'feedBuilt', builtAt: build.feed.builtAt, protocols: build.written ? build.changedProtocols : [] });
  } catch (error) {
    console.error(JSON.stringify({ level: 'error', message: 'webhook queue refused the feed build job; deliveries wait for the next build', cause: String(error).slice(0, 300) }));
  }
}
