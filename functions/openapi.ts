import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { buildOpenApiDocument } from '../shared/api/openapi/document.js';

// Built once per process; its server is relative, so one document serves every host name.
let document: Promise<object> | undefined;

/** GET /api/openapi.json: the raw OpenAPI document, as tools expect it (not an envelope). */
export const handler = createHandler(OPERATIONS.openapi, async () => {
  document ??= buildOpenApiDocument();
  return { body: await document };
});
