/**
 * Every operation the service answers, with what the middleware needs to know about it.
 * Deprecation and Sunset come from here and appear only when set (contract, Versioning §5).
 */
export interface Operation {
  id: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  summary: string;
  /** Counted against the client's quota (decisions.md, Rate limiting). */
  throttled: boolean;
  /** Cache-Control of a successful answer. */
  cacheControl: string;
  /** The largest request body taken, in bytes; an operation without one reads no body. */
  maxBodyBytes?: number;
  /** ISO date-times: when the operation is (or will be) deprecated, and when it goes away. */
  deprecation?: { since: string; sunset?: string; link?: string };
}

const FIVE_MINUTES = 'public, max-age=300';
// Scans vary per wallet and change within a minute: a browser may keep one, a shared cache never.
const SCAN = 'private, max-age=60';

export const OPERATIONS = {
  index: { id: 'getIndex', method: 'GET', path: '/api', summary: 'Endpoint catalog', throttled: false, cacheControl: FIVE_MINUTES },
  openapi: { id: 'getOpenApi', method: 'GET', path: '/api/openapi.json', summary: 'OpenAPI document', throttled: false, cacheControl: FIVE_MINUTES },
  health: { id: 'getHealth', method: 'GET', path: '/api/health', summary: 'Liveness probe', throttled: false, cacheControl: 'no-store' },
  llms: { id: 'getLlmsTxt', method: 'GET', path: '/llms.txt', summary: 'Guide and changelog for agents', throttled: false, cacheControl: FIVE_MINUTES },
  proposals: { id: 'listProposals', method: 'GET', path: '/api/proposals', summary: 'Rule-change feed', throttled: true, cacheControl: FIVE_MINUTES },
  proposal: { id: 'getProposal', method: 'GET', path: '/api/proposals/{id}', summary: 'One proposal', throttled: true, cacheControl: FIVE_MINUTES },
  scan: { id: 'scanWallet', method: 'GET', path: '/api/scan/{address}', summary: 'Wallet scan', throttled: true, cacheControl: SCAN },
  positions: { id: 'getPositions', method: 'GET', path: '/api/positions/{address}', summary: 'Wallet positions', throttled: true, cacheControl: SCAN },
  ens: { id: 'resolveEns', method: 'GET', path: '/api/ens/resolve', summary: 'Ens name to address', throttled: true, cacheControl: 'public, max-age=300' },
  // Throttled like the scan it runs (issue #19, overriding decisions.md): every page request counts,
  // a cached or demo one too, as a cached /api/scan does; the limiter runs before anyone knows.
  page: { id: 'getWalletPage', method: 'GET', path: '/w/{address}', summary: 'Wallet page for people', throttled: true, cacheControl: SCAN },
  // A wallet's own Atom feed and calendar (issue #24 items 1 and 2): each request runs the page's scan,
  // so throttled and cached as the page is, from the same budget; answered by the page's function.
  walletFeed: { id: 'getWalletFeed', method: 'GET', path: '/w/{address}/feed.atom', summary: 'Atom feed of the proposals touching a wallet', throttled: true, cacheControl: SCAN },
  walletCalendar: { id: 'getWalletCalendar', method: 'GET', path: '/w/{address}/calendar.ics', summary: 'Calendar of the deadlines of the proposals touching a wallet', throttled: true, cacheControl: SCAN },
  // One proposal for people (issue #21): read from the stored feed only, no scan, so throttled and
  // cached as /api/proposals/{id} is; /p/search?name=… finds proposals by name in the same feed.
  proposalPage: { id: 'getProposalPage', method: 'GET', path: '/p/{id}', summary: 'Proposal page for people', throttled: true, cacheControl: FIVE_MINUTES },
  // The what-if command over HTTP (issue #24 item 5): pure, no upstream and no store, yet throttled as
  // every call that does work is. An answer to a POST is never cached, by the edge or anyone else.
  simulate: { id: 'simulateWhatIf', method: 'POST', path: '/api/simulate', summary: 'What-if simulation of an account described by hand', throttled: true, cacheControl: 'no-store', maxBodyBytes: 16 * 1024 },
  // Signed webhooks (issue #24 item 3): a watch is made once its receiver passed the webhook.verify
  // handshake; test and delete take its secret as a bearer token. Throttled from the one budget.
  createWatch: { id: 'createWatch', method: 'POST', path: '/api/watches', summary: 'Watch a wallet: signed webhooks when proposals touching it change', throttled: true, cacheControl: 'no-store', maxBodyBytes: 4 * 1024 },
  deleteWatch: { id: 'deleteWatch', method: 'DELETE', path: '/api/watches/{id}', summary: 'Stop a watch', throttled: true, cacheControl: 'no-store' },
  testWatch: { id: 'testWatch', method: 'POST', path: '/api/watches/{id}/test', summary: "Send a signed ping to a watch's receiver", throttled: true, cacheControl: 'no-store' },
  // The API's reads as MCP tools for agents (issue #24 item 4): each call may run a scan, so throttled as one, from the same budget.
  mcp: { id: 'mcp', method: 'POST', path: '/mcp', summary: 'MCP server for agents (Streamable HTTP, stateless)', throttled: true, cacheControl: 'no-store', maxBodyBytes: 32 * 1024 },
  notFound: { id: 'notFound', method: 'GET', path: '/api/{proxy+}', summary: 'Unknown path', throttled: false, cacheControl: 'no-store' },
} as const satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPERATIONS;
