import type { QueryName } from '../contract/query.js';
import type { OperationName } from './operations.js';

/**
 * The query parameters each endpoint takes, by their exact names: what the OpenAPI document lists
 * and what the stack lets through (knownParameters); any other name is 400 invalid_input. The
 * handlers parse these with the schemas of shared/contract/query.ts. Plain names, no schema: the
 * light functions check against this on their cold path.
 */
export const QUERY_PARAMETERS = {
  scan: ['view', 'protocol', 'minImpact', 'status', 'mechanism', 'since', 'includeSpam'],
  proposals: ['address', 'view', 'limit', 'cursor', 'protocol', 'minImpact', 'status', 'mechanism', 'since', 'includeSpam'],
  proposal: ['address', 'view', 'includeSpam'],
  positions: ['protocol'],
  ens: ['name'],
  health: [],
  index: [],
  openapi: [],
  llms: [],
  // The page for people: its filters, and the search box's address (/w/search?address=…). It refuses
  // only misspelt filters (shared links gain utm_source and the like, which must not break it).
  page: ['protocol', 'minImpact', 'status', 'mechanism', 'since', 'address'],
  // The wallet's feed and calendar take the page's filters (a reader subscribes to minImpact=high, say).
  walletFeed: ['protocol', 'minImpact', 'status', 'mechanism', 'since'],
  walletCalendar: ['protocol', 'minImpact', 'status', 'mechanism', 'since'],
  // The proposal page takes none of the API's; its search box sends `q` (/p/search?q=…), which the
  // page reads itself. Like the wallet page, it ignores names it does not know (knownParameters).
  proposalPage: [],
  // The what-if input is the body; a query parameter would be a mistake.
  simulate: [],
  // MCP's arguments travel in the JSON-RPC body; the endpoint takes no query parameter.
  mcp: [],
  // The watch operations take their input as the body and the path.
  createWatch: [],
  deleteWatch: [],
  testWatch: [],
} as const satisfies Record<Exclude<OperationName, 'notFound'>, readonly QueryName[]>;

export type DocumentedOperation = keyof typeof QUERY_PARAMETERS;
