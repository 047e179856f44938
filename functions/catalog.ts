import { baseUrl, varyOnHost } from '../shared/api/baseUrl.js';
import { catalog } from '../shared/api/catalog.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { storedSpamVerdicts } from '../shared/feed/storedSpamVerdicts.js';

/** GET /api: the machine-readable index of every public endpoint. */
export const handler = createHandler(OPERATIONS.index, async (event, services) => {
  // The rules' counts are of the stored feed (never an upstream call).
  const verdicts = await storedSpamVerdicts(services.feedStore);
  return {
    // catalog() is typed as the CatalogResponse schema; not parsed here, since zod's runtime is most
    // of this function's cold start (the contract tests validate the answer).
    body: catalog(baseUrl(event, services.config), services.config, verdicts, services.upstreams.recording),
    headers: varyOnHost(services.config),
  };
});
