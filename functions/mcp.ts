import { baseUrl } from '../shared/api/baseUrl.js';
import { jsonBodyOf } from '../shared/api/http/jsonBody.js';
import { headerOf } from '../shared/api/http/request.js';
import type { HttpEvent } from '../shared/api/http/types.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { notFound } from '../shared/contract/errors.js';
import { refusedCaller } from '../shared/mcp/callerCheck.js';
import { govexMcpHandler } from '../shared/mcp/mcpServer.js';
import type { Services } from '../shared/runtime/services.js';

/** The MCP handler of this container, made on the first request (its tools close over the services). */
let handlerOf: { services: Services; mcp: ReturnType<typeof govexMcpHandler> } | undefined;

/**
 * POST /mcp: the API's tools for agents over MCP (Streamable HTTP, stateless). The same stack as
 * every endpoint runs first: the limiter (one call, one count), the origin guard, methods; then the
 * body is checked as POST /api/simulate's is (JSON, a size limit), the Host and Origin as a local
 * MCP server must (callerCheck.ts), and the JSON-RPC exchange is the SDK's.
 */
export const handler = createHandler(OPERATIONS.mcp, async (event, services) => {
  const refused = refusedCaller(headerOf(event, 'host'), headerOf(event, 'origin'), services.config);
  if (refused) throw notFound(refused);
  const parsedBody = jsonBodyOf(event, OPERATIONS.mcp.maxBodyBytes);
  if (handlerOf?.services !== services) handlerOf = { services, mcp: govexMcpHandler(services) };
  const response = await handlerOf.mcp.fetch(toRequest(event, services), { parsedBody });
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') headers[name] = value;
  });
  const contentType = headers['content-type'];
  delete headers['content-type'];
  return { status: response.status, body: await response.text(), ...(contentType && { contentType }), headers };
});

/** The web-standard request the SDK serves, at the public address (its tools make links from it). */
function toRequest(event: HttpEvent, services: Services): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  return new Request(`${baseUrl(event, services.config)}/mcp`, { method: 'POST', headers, body: Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8') });
}
