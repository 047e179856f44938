import { refuseUnknownParameters } from '../../contract/unknownParameters.js';
import { methodOf, queryOf } from '../http/request.js';
import type { Operation } from '../operations.js';
import { OPERATIONS } from '../operations.js';
import { QUERY_PARAMETERS } from '../queryParameters.js';
import type { StackRequest } from './request.js';

/**
 * Refuses a query parameter the operation does not take, with 400 invalid_input naming it and the
 * name it most likely meant (issue 19: `minimpact=high` was ignored, and the whole feed came back).
 * Before the handler, so every endpoint does it the same way, the light ones included. Not on a
 * preflight (a browser must read the real answer's error), not on unknown paths (404 says more),
 * and not on the pages for people: the wallet page refuses only misspelt filters itself, as a page.
 * Synchronous: Middy awaits whatever a middleware returns, and an async function would cost a promise.
 */
export function knownParameters(operation: Operation) {
  const name = (Object.keys(QUERY_PARAMETERS) as (keyof typeof QUERY_PARAMETERS)[]).find((key) => OPERATIONS[key].id === operation.id);
  // The wallet's feed and calendar too: a subscribed URL gains tracking parameters as a shared link does.
  if (name === undefined || name === 'page' || name === 'proposalPage' || name === 'walletFeed' || name === 'walletCalendar') return { before: function knownParametersNotChecked(): void {} };
  const taken: readonly string[] = QUERY_PARAMETERS[name];
  const endpoint = `${operation.method} ${operation.path}`;
  return {
    before: function knownParametersBefore(request: StackRequest): void {
      const query = request.event.queryStringParameters;
      if (!query || methodOf(request.event) === 'OPTIONS') return;
      refuseUnknownParameters(queryOf(request.event), taken, endpoint);
    },
  };
}
