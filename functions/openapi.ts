import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { buildOpenApiDocument } from '../shared/api/openapi/document.js';
import { exampleBodies } from '../build/exampleBodies.js';

// Built once per process; its server is relative, so one document serves every host name. The
// examples are computed when the bundle is built (infra/bundling.ts), once per process locally.
let document: Promise<object> | undefined;

/** GET /api/openapi.json: the raw OpenAPI document, as tools expect it (not an envelope). */
export const handler = createHandler(OPERATIONS.openapi, async () => {
  document ??= exampleBodies().then((examples) => buildOpenApiDocument(examples));
  return { body: await document };
});
