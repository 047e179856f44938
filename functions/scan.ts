import { baseUrl, varyOnHost, webUrlFor } from '../shared/api/baseUrl.js';
import { keptAnswer } from '../shared/api/http/keptAnswers.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { QUERY_PARAMETERS } from '../shared/api/queryParameters.js';
import { queryKey, serializedOnce } from '../shared/api/serializedOnce.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import { WalletScanResponse } from '../shared/contract/responses.js';
import { scanEnvelope } from '../shared/scan/envelopes.js';
import { resolveWallet } from '../shared/scan/resolveWallet.js';
import { standingOf } from '../shared/scan/scanResult.js';
import { scanWallet } from '../shared/scan/scanWallet.js';

/** GET /api/scan/{address}: positions and every proposal touching them, with simulated impact. */
export const handler = createHandler(OPERATIONS.scan, (event, services) =>
  keptAnswer('scan', event, services, async () => {
    const query = parseQuery(queryOf(event), QUERY_PARAMETERS.scan);
    const typed = pathParameter(event, 'address');
    const wallet = await resolveWallet(typed, services);
    const webUrl = webUrlFor(baseUrl(event, services.config), wallet.address);
    const scan = await scanWallet(wallet, query.protocol, services);
    // Checked against its schema once per finished scan and question, then served as the same bytes.
    const answer = serializedOnce(services, `${scan.id}|${webUrl}|${queryKey(query)}`, scan.expiresAtMs, () => WalletScanResponse.parse(scanEnvelope(scan, query, webUrl)));
    const reply = { ...answer, headers: varyOnHost(services.config) };
    // An ens name's answer is not kept: its address is the ens cache's to expire (an ens name always has a dot, an address never does).
    return typed.includes('.') ? { reply } : { reply, standing: standingOf(scan) };
  }),
);
