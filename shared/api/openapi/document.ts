import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import * as z from 'zod';
import { DESCRIPTIONS, EXAMPLE_PROPOSAL_ID, EXAMPLE_REQUESTS } from '../examples.js';
import type { ErrorCode } from '../../contract/errors.js';
import { OPERATIONS, type Operation, type OperationName } from '../operations.js';
import { ErrorEnvelope } from '../../contract/common.js';
import { AddressParam, ProposalIdParam, QueryParams, type QueryName } from '../../contract/query.js';
import { type DocumentedOperation, QUERY_PARAMETERS } from '../queryParameters.js';
import * as responses from '../../contract/responses.js';
import { API_VERSION } from '../../contract/version.js';
import { WhatIfResponse } from '../simulateSchemas.js';
import { CreateWatchRequest, CreateWatchResponse, DeleteWatchResponse, TestWatchResponse, WatchIdParam, WebhookPayload } from '../../contract/watch.js';
import { WATCH_EXAMPLES } from '../../webhooks/watchExamples.js';
import { API_DESCRIPTION } from './description.js';
import { errorExample } from './errorExamples.js';
import type { ExampleBodies } from './exampleBodiesType.js';
import { HEADER_COMPONENTS, type HeaderName, headerRefs } from './headers.js';

type Documented = Exclude<OperationName, 'notFound'>;
/** The pages for people: HTML answers, errors included. */
const PAGES: readonly Documented[] = ['page', 'proposalPage', 'walletFeed', 'walletCalendar'];

const ERROR_STATUS: Record<number, { codes: ErrorCode[]; description: string }> = {
  400: { codes: ['invalid_address', 'invalid_input', 'unsupported_version'], description: 'Bad input; do not retry unchanged.' },
  404: { codes: ['not_found'], description: 'No resource with that id, or no such path.' },
  413: { codes: ['invalid_input'], description: 'The body is over the operation\'s limit (16 kB); code invalid_input.' },
  415: { codes: ['invalid_input'], description: 'The body is not sent as application/json (UTF-8); code invalid_input.' },
  422: { codes: ['invalid_input'], description: 'Well formed but not acted on (POST /api/watches: the receiver failed the webhook.verify handshake, or the wallet has the most watches it may have); code invalid_input.' },
  429: { codes: ['rate_limited'], description: 'Over quota; wait Retry-After seconds.' },
  500: { codes: ['internal_error'], description: 'Server fault; safe to retry with backoff.' },
  502: { codes: ['upstream_unavailable'], description: 'Upstream down (on scans: every module failed); safe to retry with backoff.' },
};

/** The bearer scheme of the watch operations that need the watch's secret. */
const WATCH_SECRET_SCHEME = 'watchSecret';

/** Required where an endpoint cannot answer without it; every other parameter is optional or has a default. */
const REQUIRED: readonly QueryName[] = ['name'];

/** An endpoint's query parameters as one object schema, from the schemas the handlers validate with. */
const queryObject = (names: readonly QueryName[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, REQUIRED.includes(name) || QueryParams[name] instanceof z.ZodDefault ? QueryParams[name] : QueryParams[name].optional()])));

const apiVersionHeader = z.object({
  'api-version': z.string().optional().meta({ description: 'Pins the version line: 0.1 or 0.1.0.', example: '0.1' }),
});

/**
 * The OpenAPI 3.1 document, generated from the zod schemas the handlers answer with. Examples are
 * the real pipeline's answers on the demo wallets, made by the build step (build/exampleBodies.ts).
 */
export function buildOpenApiDocument(examples: ExampleBodies, serverUrl?: string) {
  const registry = new OpenAPIRegistry();
  const usedHeaders = new Set<HeaderName>();
  const headers = (names: HeaderName[]) => {
    names.forEach((name) => usedHeaders.add(name));
    return headerRefs(names);
  };

  const path = (name: Documented, request: { params?: z.ZodObject; query?: z.ZodObject; body?: { schema: object; example: unknown }; bearer?: boolean }, ok: { schema?: z.ZodType; content?: Record<string, object>; example?: unknown; conditional?: boolean; status?: number }, errors: number[]) => {
    const operation: Operation = OPERATIONS[name];
    const base: HeaderName[] = ['XApiVersion', ...(operation.deprecation ? (['Deprecation', 'Sunset'] as HeaderName[]) : [])];
    const limited: HeaderName[] = operation.throttled ? ['RateLimitPolicy', 'RateLimit', 'XRateLimitLimit', 'XRateLimitRemaining'] : [];
    const statuses = [...new Set([...errors, ...(operation.throttled ? [429] : []), 400, 500])].sort();
    const { body, bearer, ...parameters } = request;
    const bodyLimit = `${((operation as { maxBodyBytes?: number }).maxBodyBytes ?? 16 * 1024) / 1024} kB`;
    registry.registerPath({
      method: operation.method === 'POST' ? 'post' : operation.method === 'DELETE' ? 'delete' : 'get',
      path: operation.path,
      operationId: operation.id,
      // Issue 19: unknown query parameters are refused (decisions.md had them ignored); the page for people alone ignores them.
      'x-unknown-query-parameters': PAGES.includes(name) ? 'ignored, except a misspelling of a listed one: 400 page naming the parameter meant' : 'refused: 400 invalid_input naming the parameter and the name most likely meant',
      summary: operation.summary,
      description: `${DESCRIPTIONS[name]}\n\nExample: \`${operation.method} ${EXAMPLE_REQUESTS[name]}\``,
      tags: [operation.throttled ? 'wallet and feed' : 'service'],
      security: bearer ? [{ [WATCH_SECRET_SCHEME]: [] }] : [],
      ...(operation.deprecation && { deprecated: true }),
      request: {
        ...parameters,
        headers: apiVersionHeader,
        ...(body && { body: { required: true, description: `At most ${bodyLimit} of JSON (UTF-8).`, content: { 'application/json': { schema: body.schema, example: body.example } } } }),
      },
      responses: {
        [ok.status ?? 200]: {
          description: ok.status === 201 ? 'Created' : 'OK',
          headers: headers([...base, ...limited, ...(ok.conditional ? (['ETag', 'LastModified'] as HeaderName[]) : [])]),
          content: ok.content ?? { 'application/json': { schema: ok.schema!, example: ok.example } },
        },
        ...(ok.conditional && {
          304: { description: 'Not Modified: If-None-Match holds the ETag, or If-Modified-Since is at or after Last-Modified; no body.', headers: headers([...base, ...limited, 'ETag', 'LastModified']) },
        }),
        ...Object.fromEntries(
          statuses.map((status) => [
            status,
            {
              description: ERROR_STATUS[status]!.description,
              headers: headers([...base, ...limited, ...(status === 429 ? (['RetryAfter'] as HeaderName[]) : [])]),
              // The pages for people answer their errors, their 429 included, as pages.
              content: PAGES.includes(name)
                ? { 'text/html': { schema: { type: 'string' } } }
                : {
                    'application/json': {
                      schema: ErrorEnvelope,
                      examples: Object.fromEntries(ERROR_STATUS[status]!.codes.map((code) => [code, { value: errorExample(code) }])),
                    },
                  },
            },
          ]),
        ),
      },
    });
  };

  const address = z.object({ address: AddressParam.meta({ example: examples.scan.address }) });
  const proposalId = z.object({ id: ProposalIdParam.meta({ example: EXAMPLE_PROPOSAL_ID }) });
  const query = (name: DocumentedOperation) => queryObject(QUERY_PARAMETERS[name]);
  path('scan', { params: address, query: query('scan') }, { schema: responses.WalletScanResponse, example: examples.scan }, [502]);
  path('proposals', { query: query('proposals') }, { schema: responses.ProposalsResponse, example: examples.proposals }, [502]);
  path('proposal', { params: proposalId, query: query('proposal') }, { schema: responses.ProposalDetailResponse, example: examples.proposal }, [404, 502]);
  path('positions', { params: address, query: query('positions') }, { schema: responses.PositionsResponse, example: examples.positions }, [502]);
  path('ens', { query: query('ens') }, { schema: responses.EnsResolution, example: examples.ens }, [502]);
  path('health', {}, { schema: responses.HealthResponse, example: examples.health }, []);
  path('index', {}, { schema: responses.CatalogResponse, example: examples.index }, []);
  path('openapi', {}, { content: { 'application/json': { schema: { type: 'object', description: 'This document.' } } } }, []);
  path('llms', {}, { content: { 'text/markdown': { schema: { type: 'string' } } } }, []);
  path('page', { params: address, query: query('page') }, { content: { 'text/html': { schema: { type: 'string' } } } }, []);
  path('walletFeed', { params: address, query: query('walletFeed') }, { content: { 'application/atom+xml': { schema: { type: 'string', description: 'Atom 1.0 (RFC 4287).' } } }, conditional: true }, [502]);
  path('walletCalendar', { params: address, query: query('walletCalendar') }, { content: { 'text/calendar': { schema: { type: 'string', description: 'iCalendar (RFC 5545).' } } }, conditional: true }, [502]);
  path('simulate', { body: { schema: examples.simulate.inputSchema, example: examples.simulate.input } }, { schema: WhatIfResponse, example: examples.simulate.output }, [413, 415]);
  path('proposalPage', { params: proposalId, query: query('proposalPage') }, { content: { 'text/html': { schema: { type: 'string' } } } }, [404, 502]);
  // Signed webhooks (issue #24 item 3); the deliveries' own shape is the WebhookPayload component.
  const watchId = z.object({ id: WatchIdParam });
  path('createWatch', { body: { schema: CreateWatchRequest, example: WATCH_EXAMPLES.create.request } }, { schema: CreateWatchResponse, example: WATCH_EXAMPLES.create.response, status: 201 }, [413, 415, 422, 502]);
  path('deleteWatch', { params: watchId, bearer: true }, { schema: DeleteWatchResponse, example: WATCH_EXAMPLES.delete }, [404]);
  // MCP speaks JSON-RPC 2.0 in the body; its tools, their arguments and answers are listed by tools/list (the answers are the schemas above).
  const jsonRpc = { type: 'object', required: ['jsonrpc', 'method'], properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, method: { type: 'string' }, params: { type: 'object' } } };
  path(
    'mcp',
    { body: { schema: jsonRpc, example: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'scan_wallet', arguments: { address: examples.scan.address } } } } },
    {
      content: {
        'application/json': {
          schema: { type: 'object', description: 'A JSON-RPC 2.0 response; a tool result carries the API body as structuredContent.' },
          // What the handler answers that call: the tool result wraps the scan's own answer (shared/mcp/mcpServer.ts).
          example: { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: JSON.stringify(examples.scan) }], structuredContent: examples.scan } },
        },
        'text/event-stream': { schema: { type: 'string', description: 'The same response as one server-sent event (2025-era clients).' } },
      },
    },
    [404, 413, 415],
  );
  path('testWatch', { params: watchId, bearer: true }, { schema: TestWatchResponse, example: WATCH_EXAMPLES.test }, [404]);
  // What a watch's receiver is sent (OpenAPI 3.1 webhooks): signed per Standard Webhooks v1.
  registry.registerWebhook({
    method: 'post',
    path: 'watchEvent',
    operationId: 'watchEvent',
    summary: "A delivery to a watch's receiver",
    // No scheme of the receiver's: the delivery proves itself by its signature (the headers below).
    security: [],
    description:
      'POSTed to the watch\'s url with headers webhook-id (the same on every retry: drop repeats), webhook-timestamp (unix seconds, this attempt) and webhook-signature (`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64 part of the whsec_ secret); verify with any Standard Webhooks library (the `standardwebhooks` npm package). Any 2xx takes it; anything else, or no answer within 10 s, is retried with exponential backoff and jitter (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, each ±20 %) for a day, a Retry-After honoured; 410 Gone ends the watch. Redirects are not followed.',
    request: { body: { content: { 'application/json': { schema: WebhookPayload, example: WATCH_EXAMPLES.delivery } } } },
    responses: { 200: { description: 'Any 2xx: delivered.' }, 410: { description: 'Gone: the watch is disabled and nothing more is sent.' } },
  });
  registry.registerComponent('securitySchemes', WATCH_SECRET_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    description: "A watch's own secret (whsec_…), as POST /api/watches returned it. A missing or malformed header is 400 invalid_input; an unknown id and a wrong secret are both 404 not_found, so the answer never tells which ids exist (the contract has no 401 or 403 code).",
  });

  for (const name of usedHeaders) registry.registerComponent('headers', name, HEADER_COMPONENTS[name]);

  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Govex — Governance Exposure API',
      version: API_VERSION,
      description: API_DESCRIPTION,
    },
    // A relative server: the API is wherever this document was fetched from.
    servers: [{ url: serverUrl ?? '/', description: 'This deployment' }],
    tags: [
      { name: 'wallet and feed', description: 'Throttled: 30 requests per 60 s per client.' },
      { name: 'service', description: 'Not throttled.' },
    ],
  });
}
