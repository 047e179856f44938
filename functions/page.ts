import { parseWalletInput } from '../shared/address/parseWalletInput.js';
import { ApiError } from '../shared/api/errors.js';
import { pathParameter } from '../shared/api/http/request.js';
import { createHandler } from '../shared/api/middleware/stack.js';
import { OPERATIONS } from '../shared/api/operations.js';
import { COSMOS_PREFIXES } from '../shared/modules/moduleInfo.js';
import { walletPage } from '../web/walletPage.js';

const HTML = 'text/html; charset=utf-8';

/** GET /w/{address}: the page people are linked to (HTML, not an envelope). */
export const handler = createHandler(OPERATIONS.page, async (event) => {
  let raw: string;
  try {
    raw = pathParameter(event, 'address');
    const input = parseWalletInput(raw, { cosmosPrefixes: COSMOS_PREFIXES });
    const shown = input.kind === 'ens' ? input.name : input.address;
    return { body: walletPage({ address: shown, scanUrl: `/api/scan/${encodeURIComponent(shown)}` }), contentType: HTML };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const shown = (event.pathParameters?.address ?? '').slice(0, 120);
    return { status: error.status, body: walletPage({ address: shown, scanUrl: '', error: error.message }), contentType: HTML, headers: { 'Cache-Control': 'no-store' } };
  }
});
