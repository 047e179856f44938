import { baseUrl, varyOnHost, webUrlFor } from '../shared/api/baseUrl.js';
import { BoundedMemo } from '../shared/api/http/boundedMemo.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import type { HttpEvent, Reply } from '../shared/api/http/types.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { QUERY_PARAMETERS } from '../shared/api/queryParameters.js';
import { queryKey, serializedOnce } from '../shared/api/serializedOnce.js';
import type { Wallet } from '../shared/address/types.js';
import { type ParsedQuery, parseQuery } from '../shared/contract/parseQuery.js';
import { WalletScanResponse } from '../shared/contract/responses.js';
import { readFeed } from '../shared/feed/readFeed.js';
import type { Services } from '../shared/runtime/services.js';
import { MemoryTtlCache } from '../shared/stores/memory/memoryTtlCache.js';
import { perServices } from '../shared/runtime/perServices.js';
import { scanEnvelope } from '../shared/scan/envelopes.js';
import { resolveWallet } from '../shared/scan/resolveWallet.js';
import { scanWallet } from '../shared/scan/scanWallet.js';

/** GET /api/scan/{address}: positions and every proposal touching them, with simulated impact. */
export const handler = createHandler(OPERATIONS.scan, async (event, services) => {
  const spelling = spellingOf(event, services);
  const answers = keptAnswersOf(services);
  const kept = answers.peek(spelling, services.now().getTime());
  if (kept && (kept.feedVersion === undefined || kept.feedVersion === (await readFeed(services.feedStore, services.now())).version)) return kept.reply;

  const question = questions.get(spelling) ?? (await ask(event, services, spelling));
  const scan = await scanWallet(question.wallet, question.query.protocol, services);
  // Checked against its schema once per finished scan and question, then served as the same bytes.
  const answer = serializedOnce(services, `${scan.id}|${question.answerKey}`, scan.expiresAtMs, () => WalletScanResponse.parse(scanEnvelope(scan, question.query, question.webUrl)));
  const reply = { ...answer, headers: varyOnHost(services.config) };
  if (keptSpelling(question, spelling)) answers.keep(spelling, { reply, feedVersion: scan.feedVersion }, scan.expiresAtMs);
  return reply;
});

/**
 * The last answer to each spelling of a question, per services, while its scan stands: the same
 * request again is then one lookup (and, for a wallet matched against the stored feed, a check that
 * the feed has not changed since), not a parse, a scan lookup and a serialized-answer lookup. On a
 * cached scan those were most of what the server did beyond writing the bytes. Bounded by entries and
 * by bytes (the bodies are the serialized answers', shared with that cache, not copies).
 */
interface KeptAnswer {
  reply: Reply;
  /** The feed version the scan was matched against; none for a demo wallet. */
  feedVersion?: string;
}
const keptAnswersOf = perServices(() => new MemoryTtlCache<KeptAnswer>({ maxEntries: 1000, maxBytes: 16 * 1024 * 1024, sizeOf: (kept) => String(kept.reply.body).length }));

/** What a scan request asks, as its own words decide it. */
interface ScanQuestion {
  wallet: Wallet;
  query: ParsedQuery;
  webUrl: string;
  /** Asked by ens name (an ens name always has a dot, an address never does). */
  ensName: boolean;
  /** The question's part of the serialized answer's key: the page address and the query. */
  answerKey: string;
}

/**
 * Questions by spelling (the address as typed, the query, the base address), so that a repeated
 * request skips parsing, checksumming and keying again. An ens name is never kept: its address is
 * the ens cache's to expire. Any other input is an address (an ens name always has a dot, an address
 * never does), whose wallet is a pure function of its text.
 */
const questions = new BoundedMemo<string, ScanQuestion>(1000);
/** Longer spellings (a long list of protocols or statuses, say) are answered without being kept: the memo stays small. */
const KEPT_SPELLING_LENGTH = 1024;

/**
 * A request's spelling of its question. The base address never holds a newline, nor does JSON:
 * whatever the address holds, two different requests cannot spell the same key.
 */
function spellingOf(event: HttpEvent, services: Services): string {
  const query = event.queryStringParameters;
  return `${baseUrl(event, services.config)}\n${query ? JSON.stringify(query) : ''}\n${event.pathParameters?.address}`;
}

async function ask(event: HttpEvent, services: Services, spelling: string): Promise<ScanQuestion> {
  const query = parseQuery(queryOf(event), QUERY_PARAMETERS.scan);
  const typed = pathParameter(event, 'address');
  const wallet = await resolveWallet(typed, services);
  const webUrl = webUrlFor(baseUrl(event, services.config), wallet.address);
  const question = { wallet, query, webUrl, answerKey: `${webUrl}|${queryKey(query)}`, ensName: typed.includes('.') };
  return keptSpelling(question, spelling) ? questions.set(spelling, question) : question;
}

/** Whether a spelling's question and answer are kept: not for an ens name (its address is the ens cache's to expire), nor for an overlong spelling. */
const keptSpelling = (question: ScanQuestion, spelling: string): boolean => !question.ensName && spelling.length <= KEPT_SPELLING_LENGTH;

