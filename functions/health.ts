import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import type { HealthResponse } from '../shared/contract/responses.js';
import { SERVICE_NAME } from '../shared/contract/version.js';

/**
 * GET /api/health: liveness; touches no store and no upstream. Typed against the schema, not parsed
 * by it: zod's runtime is most of a small function's cold start (the contract tests validate it).
 */
export const handler = createHandler(OPERATIONS.health, async () => ({
  body: { status: 'ok', service: SERVICE_NAME } satisfies HealthResponse,
}));
