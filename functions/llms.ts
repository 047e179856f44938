import { baseUrl, varyOnHost } from '../shared/api/baseUrl.js';
import { llmsTxt } from '../shared/api/llmsTxt.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { exampleBodies } from '../build/exampleBodies.js';

// The sample answer's body: computed when the bundle is built (infra/bundling.ts), once per process locally.
let examples: ReturnType<typeof exampleBodies> | undefined;

/** GET /llms.txt: the guide for agents, with the changelog (Markdown, not an envelope). */
export const handler = createHandler(OPERATIONS.llms, async (event, services) => ({
  body: llmsTxt(baseUrl(event, services.config), await (examples ??= exampleBodies())),
  contentType: 'text/markdown; charset=utf-8',
  headers: varyOnHost(services.config),
}));
