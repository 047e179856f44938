import type { SimulateExample } from '../simulateExample.js';
import type { CatalogResponse, EnsResolution, HealthResponse, PositionsResponse, ProposalDetailResponse, ProposalsResponse, WalletScanResponse } from '../../contract/responses.js';

/**
 * The example answer of each documented endpoint, as the OpenAPI document and llms.txt take them.
 * Made by build/exampleBodies.ts (the real pipeline on the demo wallets, run at build time): the
 * edge only receives them, so it carries neither that pipeline nor the chain libraries it loads.
 */
export interface ExampleBodies {
  scan: WalletScanResponse;
  proposals: ProposalsResponse;
  proposal: ProposalDetailResponse;
  positions: PositionsResponse;
  ens: EnsResolution;
  health: HealthResponse;
  index: CatalogResponse;
  simulate: SimulateExample;
}
