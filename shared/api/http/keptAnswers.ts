import { readFeed } from '../../feed/readFeed.js';
import { perServices } from '../../runtime/perServices.js';
import type { Services } from '../../runtime/services.js';
import { MemoryTtlCache } from '../../stores/memory/memoryTtlCache.js';
import { baseUrl } from '../baseUrl.js';
import type { OperationName } from '../operations.js';
import { conditionalReply, taggedReply } from './entityTag.js';
import type { HttpEvent, Reply } from './types.js';

/** How long an answer stands: until its data expires, and while the stored feed it was matched against is the current one. */
export interface Standing {
  expiresAtMs: number;
  /** The feed version the answer was made from; none when it does not depend on the feed (a demo wallet, positions). */
  feedVersion?: string;
}

/** A read handler's reply, and how long it stands; without a standing it is not kept (an ens name: its address is the ens cache's to expire). */
export interface StandingReply {
  reply: Reply;
  standing?: Standing;
}

interface KeptAnswer {
  /** The reply with its ETag, hashed once when kept, not on every request that repeats it. */
  reply: ReturnType<typeof taggedReply>;
  feedVersion?: string;
}

/** Bounded by entries and by bytes (the bodies are usually the serialized answers' own strings, shared, not copies). */
const keptOf = perServices(() => new MemoryTtlCache<KeptAnswer>({ maxEntries: 1000, maxBytes: 16 * 1024 * 1024, sizeOf: (kept) => String(kept.reply.body).length }));

/** Longer spellings (a long list of protocols or statuses, say) are answered without being kept: the memo stays small. */
const KEPT_SPELLING_LENGTH = 1024;

/**
 * A request's spelling: the operation, the base address its links are made from, its query and its
 * path as sent. None of them holds a newline unescaped (JSON escapes them), so two different
 * requests cannot spell the same key.
 */
function spellingOf(operation: OperationName, event: HttpEvent, services: Services): string {
  const query = event.queryStringParameters;
  const path = event.pathParameters;
  return `${operation}\n${baseUrl(event, services.config)}\n${query ? JSON.stringify(query) : ''}\n${path ? JSON.stringify(path) : ''}`;
}

/**
 * The HTTP layer's memo of read answers, one for every read handler: the same request again, while
 * its answer stands, is one lookup (and, for an answer matched against the stored feed, a check that
 * the feed has not changed since), not a parse, a scan or feed lookup and a serialized-answer lookup.
 * On a cached scan those were most of what the server did beyond writing the bytes. The rate
 * limiter and the rest of the stack run before it, as for any request.
 *
 * Every answer leaves with a weak ETag over its serialized bytes (entityTag.ts), and a GET or HEAD whose
 * If-None-Match holds it gets 304 without a body (issue #24 item 6). The 304 still went through the
 * limiter: it is counted as the request it is, since the work it saves is the bytes, not the lookup.
 *
 * @example export const handler = createHandler(OPERATIONS.positions, (event, services) => keptAnswer('positions', event, services, async () => ({ reply, standing })));
 */
export async function keptAnswer(operation: OperationName, event: HttpEvent, services: Services, answer: () => Promise<StandingReply>): Promise<Reply> {
  const spelling = spellingOf(operation, event, services);
  const kept = keptOf(services);
  const nowMs = services.now().getTime();
  const known = spelling.length <= KEPT_SPELLING_LENGTH ? kept.peek(spelling, nowMs) : undefined;
  if (known && (known.feedVersion === undefined || known.feedVersion === (await readFeed(services.feedStore, services.now())).version)) return conditionalReply(event, known.reply);

  const answered = await answer();
  const { standing } = answered;
  const reply = taggedReply(answered.reply);
  if (standing && standing.expiresAtMs > nowMs && spelling.length <= KEPT_SPELLING_LENGTH) {
    kept.keep(spelling, { reply, ...(standing.feedVersion !== undefined && { feedVersion: standing.feedVersion }) }, standing.expiresAtMs);
  }
  return conditionalReply(event, reply);
}
