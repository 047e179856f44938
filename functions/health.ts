import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { HealthResponse } from '../shared/api/schemas/responses.js';
import { SERVICE_NAME } from '../shared/api/version.js';

/** GET /api/health: liveness; touches no store and no upstream. */
export const handler = createHandler(OPERATIONS.health, async () => ({
  body: HealthResponse.parse({ status: 'ok', service: SERVICE_NAME }),
}));
