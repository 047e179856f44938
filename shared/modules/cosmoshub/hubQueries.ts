import { createProtobufRpcClient, QueryClient } from '@cosmjs/stargate';
import { QueryClientImpl as DistributionQuery } from 'cosmjs-types/cosmos/distribution/v1beta1/query';
import { QueryClientImpl as GovQuery } from 'cosmjs-types/cosmos/gov/v1/query';
import { QueryClientImpl as MintQuery } from 'cosmjs-types/cosmos/mint/v1beta1/query';
import { QueryClientImpl as StakingQuery } from 'cosmjs-types/cosmos/staking/v1beta1/query';
import { connectCosmosHub } from '../../upstream/clients/cosmosClient.js';
import type { Upstream } from '../../upstream/upstreams.js';

/** The gRPC query services the source reads, over CometBFT abci_query. */
export interface HubQueries {
  /** x/gov v1. Never stargate's setupGovExtension: it is v1beta1, whose Proposals fails a whole page on any multi-message proposal (sources.md §6). */
  gov: GovQuery;
  staking: StakingQuery;
  distribution: DistributionQuery;
  mint: MintQuery;
}

/**
 * Connects to the Hub (one `status` call checks the chain id) and builds the query services on
 * cosmjs's QueryClient, every HTTP request bounded by `signal` as well as the upstream's deadline.
 *
 * @throws UpstreamError upstream_wrong_chain when the node is not on cosmoshub-4.
 */
export async function connectHubQueries(upstream: Upstream, signal: AbortSignal): Promise<HubQueries> {
  const { comet } = await connectCosmosHub(upstream, signal);
  const rpc = createProtobufRpcClient(new QueryClient(comet));
  return { gov: new GovQuery(rpc), staking: new StakingQuery(rpc), distribution: new DistributionQuery(rpc), mint: new MintQuery(rpc) };
}
