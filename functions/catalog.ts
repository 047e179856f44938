import { baseUrl } from '../shared/api/baseUrl.js';
import { catalog } from '../shared/api/catalog.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { CatalogResponse } from '../shared/api/schemas/responses.js';

/** GET /api: the machine-readable index of every public endpoint. */
export const handler = createHandler(OPERATIONS.index, async (event, services) => ({
  body: CatalogResponse.parse(catalog(baseUrl(event, services.config), services.config)),
}));
