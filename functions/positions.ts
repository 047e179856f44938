import { keptAnswer } from '../shared/api/http/keptAnswers.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { QUERY_PARAMETERS } from '../shared/api/queryParameters.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import { PositionsResponse } from '../shared/contract/responses.js';
import { positionsEnvelope } from '../shared/scan/envelopes.js';
import { positionsFor, snapshotExpiresAtMs } from '../shared/scan/positionsFor.js';
import { resolveWallet } from '../shared/scan/resolveWallet.js';

/** GET /api/positions/{address}: the positions half of a scan. */
export const handler = createHandler(OPERATIONS.positions, (event, services) =>
  keptAnswer('positions', event, services, async () => {
    const query = parseQuery(queryOf(event), QUERY_PARAMETERS.positions);
    const typed = pathParameter(event, 'address');
    const wallet = await resolveWallet(typed, services);
    const snapshot = await positionsFor(wallet, query.protocol, services);
    const reply = { body: PositionsResponse.parse(positionsEnvelope(snapshot)) };
    // Stands while the positions do; an ens name's is not kept (its address is the ens cache's to expire).
    return typed.includes('.') ? { reply } : { reply, standing: { expiresAtMs: snapshotExpiresAtMs(snapshot, services.config) } };
  }),
);
