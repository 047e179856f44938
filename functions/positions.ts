import { pathParameter, queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { QUERY_PARAMETERS } from '../shared/api/queryParameters.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import { PositionsResponse } from '../shared/contract/responses.js';
import { positionsEnvelope } from '../shared/scan/envelopes.js';
import { positionsFor } from '../shared/scan/positionsFor.js';
import { resolveWallet } from '../shared/scan/resolveWallet.js';

/** GET /api/positions/{address}: the positions half of a scan. */
export const handler = createHandler(OPERATIONS.positions, async (event, services) => {
  const query = parseQuery(queryOf(event), QUERY_PARAMETERS.positions);
  const wallet = await resolveWallet(pathParameter(event, 'address'), services);
  const snapshot = await positionsFor(wallet, query.protocol, services);
  return { body: PositionsResponse.parse(positionsEnvelope(snapshot)) };
});
