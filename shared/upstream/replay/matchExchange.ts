import type { GraphqlExchange, JsonRpcExchange, RestExchange, XrplExchange } from './fixtureFormat.js';

/*
 * Pure matching of a live request against recorded exchanges. Equality is on canonical JSON
 * (object keys sorted), so key order never decides a match.
 */

/** JSON with object keys sorted, for comparison. Pure. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Absent, null, [] and {} params all mean "no params": clients differ in which they send. */
const canonicalParams = (params: unknown): string => {
  const empty =
    params === undefined ||
    params === null ||
    (Array.isArray(params) && params.length === 0) ||
    (typeof params === 'object' && !Array.isArray(params) && Object.keys(params as object).length === 0);
  return empty ? '<none>' : canonicalJson(params);
};

/**
 * A recorded call's canonical params, worked out once: a replay server holds hundreds of exchanges,
 * some with multicall bodies of tens of kilobytes, and canonicalizing each again for every request
 * was the largest part of its CPU (and, in process, of a benched scan's time).
 */
const recordedCanonical = new WeakMap<JsonRpcExchange, string>();
function recordedParams(exchange: JsonRpcExchange): string {
  let canonical = recordedCanonical.get(exchange);
  if (canonical === undefined) recordedCanonical.set(exchange, (canonical = canonicalParams(exchange.request.params)));
  return canonical;
}

export interface JsonRpcCall {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  params?: unknown;
}

/** The recorded answer to one JSON-RPC call, with the call's id; undefined when nothing matches. */
export function answerJsonRpcCall(exchanges: readonly JsonRpcExchange[], call: JsonRpcCall): Record<string, unknown> | undefined {
  const params = canonicalParams(call.params);
  const found = exchanges.find((exchange) => exchange.request.method === call.method && recordedParams(exchange) === params);
  return found && { ...found.response, id: call.id ?? null };
}

/** Collapses whitespace so a query's layout never decides a match. */
const normalizeQuery = (query: string): string => query.replace(/\s+/g, ' ').replace(/\s*([{}():,!$=[\]])\s*/g, '$1').trim();

export interface GraphqlBody {
  operationName?: unknown;
  query?: unknown;
  variables?: unknown;
}

/** The recorded GraphQL answer: by operationName and variables, or by query text and variables. */
export function answerGraphql(exchanges: readonly GraphqlExchange[], body: GraphqlBody): Record<string, unknown> | undefined {
  const variables = canonicalParams(body.variables);
  const found = exchanges.find(({ request }) => {
    if (canonicalParams(request.variables) !== variables) return false;
    if (request.operationName !== undefined) return request.operationName === body.operationName;
    return typeof body.query === 'string' && request.query !== undefined && normalizeQuery(request.query) === normalizeQuery(body.query);
  });
  return found?.response;
}

/** Query parameters as sorted [key, value] pairs, repeated keys kept. Pure. */
const canonicalQuery = (query: Record<string, string | string[]> | URLSearchParams | undefined): string => {
  const pairs: [string, string][] = [];
  if (query instanceof URLSearchParams) query.forEach((value, key) => pairs.push([key, value]));
  else for (const [key, value] of Object.entries(query ?? {})) for (const item of Array.isArray(value) ? value : [value]) pairs.push([key, item]);
  return JSON.stringify(pairs.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1)));
};

/** The recorded REST answer for a method, path and query. */
export function answerRest(exchanges: readonly RestExchange[], method: string, path: string, query: URLSearchParams): RestExchange['response'] | undefined {
  const wanted = canonicalQuery(query);
  const verb = method === 'HEAD' ? 'GET' : method;
  return exchanges.find(({ request }) => request.method === verb && request.path === path && canonicalQuery(request.query) === wanted)?.response;
}

/** Fields xrpl.js adds to every request; they never decide which answer a command gets. */
const XRPL_TRANSPORT_FIELDS = ['id', 'api_version'];

/** The recorded rippled answer, with the request's id: by command and every other field. */
export function answerXrpl(exchanges: readonly XrplExchange[], request: Record<string, unknown>): Record<string, unknown> | undefined {
  const strip = (fields: Record<string, unknown>, keep: readonly string[]) =>
    canonicalJson(Object.fromEntries(Object.entries(fields).filter(([key]) => !XRPL_TRANSPORT_FIELDS.includes(key) || keep.includes(key))));
  const found = exchanges.find((exchange) => {
    // A fixture that records api_version matches only requests of that version.
    const keep = 'api_version' in exchange.request ? ['api_version'] : [];
    return strip(exchange.request, keep) === strip(request, keep);
  });
  return found && { id: request.id, ...found.response };
}
