import type { OperationName } from './operations.js';

/**
 * Which function answers each operation: one entry file per Lambda under functions/. The local
 * server and the CDK stack both read this list, so the two cannot route differently.
 */
export const ROUTES: readonly { operation: OperationName; entry: string }[] = [
  { operation: 'index', entry: 'catalog' },
  { operation: 'openapi', entry: 'openapi' },
  { operation: 'health', entry: 'health' },
  { operation: 'llms', entry: 'llms' },
  { operation: 'proposals', entry: 'proposals' },
  { operation: 'proposal', entry: 'proposal' },
  { operation: 'scan', entry: 'scan' },
  { operation: 'positions', entry: 'positions' },
  { operation: 'ens', entry: 'ens' },
  { operation: 'page', entry: 'page' },
  // The wallet's feed and calendar share the page's function (same scan, warm with it); it dispatches on the path.
  { operation: 'walletFeed', entry: 'page' },
  { operation: 'walletCalendar', entry: 'page' },
  { operation: 'proposalPage', entry: 'proposalPage' },
  { operation: 'simulate', entry: 'simulate' },
  { operation: 'mcp', entry: 'mcp' },
  // The watch operations share one function (functions/watches.ts), which picks by route.
  { operation: 'createWatch', entry: 'watches' },
  { operation: 'deleteWatch', entry: 'watches' },
  { operation: 'testWatch', entry: 'watches' },
  // Last: every other /api path.
  { operation: 'notFound', entry: 'notFound' },
];
