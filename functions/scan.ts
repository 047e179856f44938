import { baseUrl, varyOnHost, webUrlFor } from '../shared/api/baseUrl.js';
import { pathParameter, queryOf } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { parseQuery } from '../shared/contract/parseQuery.js';
import { queryKey, serializedOnce } from '../shared/api/serializedOnce.js';
import { WalletScanResponse } from '../shared/contract/responses.js';
import { scanEnvelope } from '../shared/scan/envelopes.js';
import { resolveWallet } from '../shared/scan/resolveWallet.js';
import { scanWallet } from '../shared/scan/scanWallet.js';

/** GET /api/scan/{address}: positions and every proposal touching them, with simulated impact. */
export const handler = createHandler(OPERATIONS.scan, async (event, services) => {
  const query = parseQuery(queryOf(event), ['view', 'protocol', 'status', 'minImpact', 'since', 'includeSpam']);
  const wallet = await resolveWallet(pathParameter(event, 'address'), services);
  const scan = await scanWallet(wallet, query.protocol, services);
  const webUrl = webUrlFor(baseUrl(event, services.config), wallet.address);
  // Checked against its schema once per finished scan and query, then served as the same bytes.
  const answer = await serializedOnce(services, `${scan.id}|${webUrl}|${queryKey(query)}`, scan.expiresAtMs, () => WalletScanResponse.parse(scanEnvelope(scan, query, webUrl)));
  return { ...answer, headers: varyOnHost(services.config) };
});
