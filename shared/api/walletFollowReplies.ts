import { parseQuery } from '../contract/parseQuery.js';
import type { Services } from '../runtime/services.js';
import { resolveWallet } from '../scan/resolveWallet.js';
import { walletProposals } from '../scan/envelopes.js';
import { envelopesAtLeast } from '../envelopes/envelopesAtLeast.js';
import { scanWallet } from '../scan/scanWallet.js';
import { walletCalendar } from '../../web/walletCalendar.js';
import { walletFeed } from '../../web/walletFeed.js';
import { baseUrl, varyOnHost } from './baseUrl.js';
import { conditionalReply, taggedReply } from './http/entityTag.js';
import { headerOf, methodOf, pathParameter, queryOf } from './http/request.js';
import type { HttpEvent, Reply } from './http/types.js';
import { QUERY_PARAMETERS } from './queryParameters.js';

/** The two ways to follow a wallet without polling its page: a feed reader, a calendar. */
export type WalletFollowKind = 'walletFeed' | 'walletCalendar';

const CONTENT_TYPES: Record<WalletFollowKind, string> = {
  walletFeed: 'application/atom+xml; charset=utf-8',
  walletCalendar: 'text/calendar; charset=utf-8',
};

/**
 * GET /w/{address}/feed.atom and /w/{address}/calendar.ics: the page's scan (an ens name resolved,
 * the page's filters), rendered for a feed reader or a calendar. Bad input and outages throw the
 * contract's errors, which the page's function answers as pages (everyAnswerAPage).
 */
export async function walletFollowReply(kind: WalletFollowKind, event: HttpEvent, services: Services): Promise<Reply> {
  const query = parseQuery(queryOf(event), QUERY_PARAMETERS[kind]);
  const shown = pathParameter(event, 'address');
  const wallet = await resolveWallet(shown, services);
  const scan = await scanWallet(wallet, query.protocol, services);
  const input = {
    shown,
    address: wallet.address,
    mode: scan.snapshot.mode,
    proposals: walletProposals(scan, query),
    base: baseUrl(event, services.config),
    asOf: scan.snapshot.fetchedAt,
    envelopes: envelopesAtLeast(scan.envelopes, query.minImpact),
    ...(scan.snapshot.mode === 'live' && services.upstreams.recording && { recording: services.upstreams.recording }),
  };
  const { body, updated } = kind === 'walletFeed' ? walletFeed(input) : walletCalendar(input);
  const reply = taggedReply({ body, contentType: CONTENT_TYPES[kind], headers: { 'Last-Modified': new Date(updated).toUTCString(), ...varyOnHost(services.config) } });
  return notModifiedSince(event, updated) ? { status: 304, body: '', headers: reply.headers } : conditionalReply(event, reply);
}

/**
 * If-Modified-Since holds (RFC 9110 §13.1.3): a GET or HEAD without If-None-Match (which takes
 * precedence) whose date is at or after the answer's Last-Modified, to the second.
 */
function notModifiedSince(event: HttpEvent, updated: string): boolean {
  const method = methodOf(event);
  if ((method !== 'GET' && method !== 'HEAD') || headerOf(event, 'if-none-match') !== undefined) return false;
  const since = Date.parse(headerOf(event, 'if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(Date.parse(updated) / 1000) * 1000 <= since;
}
