import type { ServedHandler } from '../shared/api/middleware/stack.js';

type Loader = () => Promise<{ handler: ServedHandler }>;

/**
 * Every entry under functions/, loaded on first use as a Lambda would be. Spelled out (not a
 * computed path) so bundlers and test runners can see each import.
 */
export const FUNCTION_LOADERS: Record<string, Loader> = {
  catalog: () => import('../functions/catalog.js'),
  openapi: () => import('../functions/openapi.js'),
  health: () => import('../functions/health.js'),
  llms: () => import('../functions/llms.js'),
  proposals: () => import('../functions/proposals.js'),
  proposal: () => import('../functions/proposal.js'),
  scan: () => import('../functions/scan.js'),
  positions: () => import('../functions/positions.js'),
  ens: () => import('../functions/ens.js'),
  page: () => import('../functions/page.js'),
  proposalPage: () => import('../functions/proposalPage.js'),
  simulate: () => import('../functions/simulate.js'),
  mcp: () => import('../functions/mcp.js'),
  watches: () => import('../functions/watches.js'),
  notFound: () => import('../functions/notFound.js'),
};
