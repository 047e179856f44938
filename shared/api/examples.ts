import { demoWallet } from '../demo/wallets.js';
import { MODULE_INFOS } from '../modules/registry.js';
import type { OperationName } from './operations.js';

const evm = demoWallet('evm').address;
const solana = demoWallet('solana').address;
/** A demo proposal that touches the evm demo wallet, as a module names it. */
export const EXAMPLE_PROPOSAL_ID = MODULE_INFOS.find((module) => module.exampleProposalId)!.exampleProposalId!;
/** Two served slugs of evm wallets, for a `protocol` filter. */
export const EXAMPLE_PROTOCOLS = MODULE_INFOS.filter((module) => module.addressKinds.includes('evm')).slice(0, 2).map((module) => module.slug);

/**
 * What the modules say about reading their proposals and positions, and which native coins are
 * valued with the prices upstream: for the OpenAPI description, llms.txt and README.
 */
export const MODULE_NOTES: readonly string[] = MODULE_INFOS.flatMap((module) => module.notes ?? []);
export const PRICED_COINS: readonly string[] = MODULE_INFOS.flatMap((module) => Object.keys(module.pricedAssets ?? {}));

/** One example request per endpoint, on the demo wallets, shared by GET /api and the OpenAPI document. */
export const EXAMPLE_REQUESTS: Record<Exclude<OperationName, 'notFound'>, string> = {
  index: '/api',
  openapi: '/api/openapi.json',
  health: '/api/health',
  llms: '/llms.txt',
  proposals: `/api/proposals?address=${evm}&minImpact=medium&view=compact&limit=2`,
  proposal: `/api/proposals/${EXAMPLE_PROPOSAL_ID}?address=${evm}`,
  scan: `/api/scan/${evm}`,
  positions: `/api/positions/${solana}`,
  ens: '/api/ens/resolve?name=vitalik.eth',
  page: `/w/${evm}`,
  walletFeed: `/w/${evm}/feed.atom`,
  walletCalendar: `/w/${evm}/calendar.ics`,
  proposalPage: `/p/${EXAMPLE_PROPOSAL_ID}`,
  simulate: '/api/simulate',
  createWatch: '/api/watches',
  deleteWatch: '/api/watches/wh_Q2hhbmdlIG1lIHBsZWFzZSEh',
  testWatch: '/api/watches/wh_Q2hhbmdlIG1lIHBsZWFzZSEh/test',
  mcp: '/mcp',
};

/** What each endpoint does, in a sentence: the catalog's and the OpenAPI document's descriptions. */
export const DESCRIPTIONS: Record<Exclude<OperationName, 'notFound'>, string> = {
  index: 'This catalog: every public endpoint with an example request, the demo wallets and the served versions.',
  openapi: 'The OpenAPI 3.1 document of this API, generated from the schemas the handlers answer with.',
  health: 'Liveness probe. After the feed store healed itself (a stored feed that did not parse was set aside under a dated name and rebuilt), the answer names the last repair in the `x-feed-store-repair` header; the body stays `{status, service}`.',
  llms: 'A Markdown guide for agents (llmstxt.org) with the changelog.',
  proposals:
    'Rule-change feed. Without address: the cached cross-protocol feed (mode global, no impact). With address: the proposals touching that wallet, with simulated impact, most material first.',
  proposal: 'One proposal by id; with address, carrying that wallet’s impact when the proposal touches its positions.',
  scan: 'The primary endpoint: positions detected for a wallet or ens name, and every proposal touching them with simulated impact.',
  positions: 'Positions only, the lightweight half of a scan.',
  ens: 'Ens name to mainnet address; address is null when the name is valid but unregistered.',
  page: 'The human page of a scan (HTML). Link people here, not to the JSON.',
  walletFeed:
    'The Atom feed (RFC 4287) of a wallet or ens name: one entry per proposal touching it, from the same scan as its page, with the level, figure, deadline and why it matched. An entry\'s updated moves when its level, status or figure does. ETag and Last-Modified: send If-None-Match or If-Modified-Since for a 304. Errors are HTML pages, as the page\'s are.',
  walletCalendar:
    'The calendar (RFC 5545, text/calendar) of a wallet or ens name: an event for each voting end and each time a change takes effect (queue eta, timelock) of the proposals touching it, each with an alarm 24 hours before. Subscribe to it by URL. ETag and Last-Modified as the feed\'s.',
  proposalPage: 'The human page of one proposal (HTML): its changes with their evidence, its timeline and sources, and a form to see its effect on a wallet. /p/search?q= finds proposals of the stored feed by title or protocol name.',
  simulate:
    'The what-if command (`npm run simulate`) over HTTP: POST an account described by hand (its protocol, and its reserves, stake or balance: shares as fractions, money in USD) with the changes to try, or a proposal\'s text whose tables are read as the feed reads them; the answer is what the command prints, {impact, changes, healthFactor}. Pure: no wallet, chain or store is read. Body: application/json, at most 16 kB; a field it refuses is 400 invalid_input naming it.',
  createWatch:
    'Watch a wallet or ens name: signed webhooks (Standard Webhooks v1) to your https receiver when a proposal starts touching it at or above minImpact, or its level or status moves, or it is executed. Body {address, url, minImpact, events}. Before the watch exists the receiver gets a signed webhook.verify delivery and must echo data.challenge as a 2xx JSON body {"challenge": …}; otherwise 422 (code invalid_input) and no watch. Answers 201 {id, secret}: the secret (whsec_…) verifies every delivery and authorizes test and delete. Checked after each feed build (every 5 minutes), positions read again hourly; failed deliveries are retried with backoff for a day, Retry-After honoured; a 410 from the receiver ends the watch. At most 5 watches per wallet.',
  deleteWatch: 'Stop a watch. Send Authorization: Bearer {secret}; without it 400 invalid_input, and an unknown id or a wrong secret is 404 not_found (one answer for both, so ids cannot be probed).',
  testWatch: "Send one signed ping to the watch's receiver now and say how it answered ({delivered, status}); never retried. Authorization: Bearer {secret}, as for delete.",
  mcp: 'An MCP server for agents (Streamable HTTP, stateless; the 2025 initialize handshake and the 2026-07-28 per-request envelope alike) at /mcp. Tools: scan_wallet, list_proposals, get_proposal, get_positions, resolve_ens and what_if, taking the API\'s query names as arguments (a wallet as address, an ens name accepted) and answering as structuredContent the very body the matching endpoint answers. A refused call is a tool error carrying the API\'s envelope {error, code, hint}. Each call counts against the quota. No query parameters; a foreign Origin or, on one machine, a Host other than loopback or PUBLIC_BASE_URL\'s is 404 not_found (DNS rebinding).',
};
