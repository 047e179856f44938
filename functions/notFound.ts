import { notFound } from '../shared/contract/errors.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';

/** Every /api path that is not an endpoint: the JSON envelope, never an HTML page. */
export const handler = createHandler(OPERATIONS.notFound, async (event) => {
  throw notFound(`no endpoint at ${(event.rawPath ?? '').slice(0, 120)}; GET /api lists them`);
});
