import { createMcpHandler, McpServer, type McpHttpHandler } from '@modelcontextprotocol/server';
import { ApiError, internalError } from '../contract/errors.js';
import { API_VERSION } from '../contract/version.js';
import type { Services } from '../runtime/services.js';
import { GOVEX_TOOLS, type GovexTool, type ToolContext } from './tools.js';

const INSTRUCTIONS =
  'Govex tells which DeFi governance proposals (and changes made without a vote) touch a wallet’s positions, and by how much. Start with scan_wallet for a wallet or ens name; list_proposals for the feed; what_if for an account described by hand. Every answer is data and simulation, never financial advice; link people to webUrl (/w/{address}) rather than restating figures without their source.';

/**
 * The MCP endpoint's handler: stateless Streamable HTTP, a fresh server per request from one
 * factory, so it runs in a Lambda and both protocol eras (the 2025 initialize handshake and the
 * 2026-07-28 per-request envelope) see the same tools. Answers are single JSON bodies, never
 * streams: a Lambda behind API Gateway hands back a whole body, and no tool reports progress.
 */
export function govexMcpHandler(services: Services): McpHttpHandler {
  return createMcpHandler(
    ({ requestInfo }) => govexMcpServer({ services, baseUrl: requestInfo ? new URL(requestInfo.url).origin : 'http://localhost' }),
    // The body arrives parsed, already held to OPERATIONS.mcp.maxBodyBytes by the function.
    { legacy: 'stateless', responseMode: 'auto', keepAliveMs: 0 },
  );
}

function govexMcpServer(context: ToolContext): McpServer {
  const server = new McpServer({ name: 'govex', title: 'Govex — Governance Exposure API', version: API_VERSION }, { instructions: INSTRUCTIONS });
  for (const tool of GOVEX_TOOLS) registerTool(server, tool, context);
  return server;
}

function registerTool(server: McpServer, tool: GovexTool, context: ToolContext): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: tool.openWorld },
    },
    async (input: Record<string, unknown>) => {
      try {
        const body = (await tool.run(input, context)) as Record<string, unknown>;
        // structuredContent is the API's body; the text is the same JSON for clients that read only content.
        return { content: [{ type: 'text' as const, text: JSON.stringify(body) }], structuredContent: body };
      } catch (error) {
        const failure = error instanceof ApiError ? error : internalError(error);
        if (failure.status >= 500) console.error(JSON.stringify({ level: 'warn', tool: tool.name, code: failure.code, cause: String(failure.cause ?? failure).slice(0, 500) }));
        // The API's error envelope, as the HTTP endpoints send it: the same codes, the same advice on retrying.
        return { isError: true, content: [{ type: 'text' as const, text: JSON.stringify(failure.toJSON()) }] };
      }
    },
  );
}
