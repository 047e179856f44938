import { parseWalletInput } from '../shared/address/parseWalletInput.js';
import { envelopesAtLeast } from '../shared/envelopes/envelopesAtLeast.js';
import type { Wallet } from '../shared/address/types.js';
import { baseUrl, webUrlFor } from '../shared/api/baseUrl.js';
import { ApiError } from '../shared/contract/errors.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import type { Reply } from '../shared/api/http/types.js';
import { everyAnswerAPage } from '../shared/api/http/answersAsPages.js';
import { createHandler, type ServedHandler } from '../shared/api/middleware/stack.js';
import type { WalletFollowKind } from '../shared/api/walletFollowReplies.js';
import type { HttpEvent } from '../shared/api/http/types.js';
import { loadOnce } from '../shared/stores/lazyStores.js';
import type { Context } from 'aws-lambda';
import { OPERATIONS } from '../shared/api/operations.js';
import { QUERY_PARAMETERS } from '../shared/api/queryParameters.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import { COSMOS_PREFIXES } from '../shared/modules/registry.js';
import type { Services } from '../shared/runtime/services.js';
import { accountPrices } from '../shared/scan/accountPrices.js';
import { walletProposals } from '../shared/scan/envelopes.js';
import { scanWallet } from '../shared/scan/scanWallet.js';
import { ACCEPTED_FORMS, errorPage } from '../web/errorPage.js';
import { html } from '../web/html.js';
import { PAGE_SECURITY_HEADERS } from '../web/securityHeaders.js';
import { walletPage } from '../web/walletPage.js';

const HTML = 'text/html; charset=utf-8';
/** The search box's GET target (`/w/search?address=…`): no address is spelt "search", so it cannot shadow one. */
export const SEARCH_SEGMENT = 'search';

const page = (body: string, status = 200, headers: Record<string, string> = {}): Reply => ({
  status,
  body,
  contentType: HTML,
  headers: { ...PAGE_SECURITY_HEADERS, ...(status === 200 ? {} : { 'Cache-Control': 'no-store' }), ...headers },
});

/**
 * GET /w/{address}: the page people are linked to, rendered here from the same scan as
 * /api/scan (no request to ourselves). Bad input, an ens name with no address and an outage each
 * get a page of their own with the right status, never JSON.
 */
const walletPageHandler = everyAnswerAPage(
  createHandler(OPERATIONS.page, async (event, services) => {
    const raw = pathParameter(event, 'address');
    if (raw === SEARCH_SEGMENT) return search(queryOf(event).address?.trim() ?? '');
    try {
      return await walletReply(raw, event, services);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return errorReply(error, raw);
    }
  }),
);

/** The renderers of the wallet's feed and calendar, loaded on their first request: a page's cold start never parses them. */
const followReplies = loadOnce(() => import('../shared/api/walletFollowReplies.js'));
const follow = (kind: WalletFollowKind) =>
  everyAnswerAPage(createHandler(OPERATIONS[kind], async (event, services) => (await followReplies()).walletFollowReply(kind, event, services)));

/**
 * This function also answers GET /w/{address}/feed.atom and /w/{address}/calendar.ics (issue #24):
 * the same scan as the page, so it runs warm with it; each path keeps its own operation (headers,
 * OpenAPI, throttle), chosen here by the path's end.
 */
export const handler = byPathEnd(walletPageHandler, { '/feed.atom': follow('walletFeed'), '/calendar.ics': follow('walletCalendar') });

function byPathEnd(fallback: ServedHandler, bySuffix: Record<string, ServedHandler>): ServedHandler {
  const pick = <H>(handlers: Record<string, H>, otherwise: H) => (event: HttpEvent): H => {
    const path = event.rawPath ?? '';
    for (const [suffix, handler] of Object.entries(handlers)) if (path.endsWith(suffix)) return handler;
    return otherwise;
  };
  const served = pick(bySuffix, fallback);
  const handler: ServedHandler = Object.assign((event: HttpEvent, context?: Context) => served(event)(event, context), {
    withServices: (getServices: () => Promise<Services>) => {
      const bound = pick(Object.fromEntries(Object.entries(bySuffix).map(([suffix, h]) => [suffix, h.withServices(getServices)])), fallback.withServices(getServices));
      return (event: HttpEvent, context?: Context) => bound(event)(event, context);
    },
  });
  return handler;
}

function search(typed: string): Reply {
  if (typed === '') return page(errorPage({ status: 400, title: 'Which wallet?', message: 'Type a wallet address or an ens name.', next: ACCEPTED_FORMS }), 400);
  return { ...page('', 303), headers: { ...PAGE_SECURITY_HEADERS, Location: `/w/${encodeURIComponent(typed)}`, 'Cache-Control': 'no-store' } };
}

async function walletReply(raw: string, event: HttpEvent, services: Services): Promise<Reply> {
  const query = parseQuery(queryOf(event), QUERY_PARAMETERS.page);
  const input = await parseWalletInput(raw, { cosmosPrefixes: COSMOS_PREFIXES });
  let wallet: Wallet;
  if (input.kind === 'ens') {
    // On demand: a page for a typed address never loads the ens path.
    const { resolveEnsName } = await import('../shared/ens/resolveEnsName.js');
    const address = await resolveEnsName(input.name, services);
    if (!address) return page(errorPage({ status: 404, title: 'No address for this name', message: `The ens name ${input.name} does not resolve to an address on Ethereum mainnet.`, typed: input.name }), 404);
    wallet = { kind: 'evm', address };
  } else wallet = input;
  const scan = await scanWallet(wallet, query.protocol, services);
  const shown = input.kind === 'ens' ? input.name : wallet.address;
  const base = baseUrl(event, services.config);
  return page(
    walletPage({
      shown,
      kind: input.kind,
      address: wallet.address,
      mode: scan.snapshot.mode,
      positions: scan.snapshot.positions.map(({ position }) => position),
      proposals: walletProposals(scan, query),
      checked: scan.snapshot.checked,
      degraded: scan.degraded,
      refreshedAt: scan.snapshot.fetchedAt,
      prices: accountPrices(scan.snapshot.positions),
      envelopes: envelopesAtLeast(scan.envelopes, query.minImpact),
      ...(services.upstreams.recording && { recording: services.upstreams.recording }),
      jsonUrl: `${base}/api/scan/${encodeURIComponent(shown)}`,
      pageUrl: webUrlFor(base, shown),
    }),
  );
}

function errorReply(error: ApiError, raw: string): Reply {
  const typed = raw.slice(0, 120);
  if (error.code === 'invalid_address') return page(errorPage({ status: 400, title: 'Not a wallet we can read', message: error.message, next: html`<p>A wallet is one of:</p>${ACCEPTED_FORMS}`, typed }), 400);
  if (error.code === 'invalid_input') return page(errorPage({ status: 400, title: 'Bad filter', message: error.message, typed }), 400);
  if (error.code === 'upstream_unavailable') return page(errorPage({ status: 502, title: 'Sources unavailable', message: 'None of the sources for this wallet answered. Try again shortly.', typed }), 502);
  return page(errorPage({ status: error.status, title: 'Something went wrong', message: 'Try again shortly.', typed }), error.status);
}
