/** The upstream layer: endpoints, per-call deadlines, retries, request counting, chain clients. */
export { ENDPOINTS, endpointsFromEnv, UPSTREAM_IDS, type EndpointSpec, type EndpointUrls, type UpstreamId, type UpstreamProtocol } from './endpoints.js';
export { backoffDelayMs, type CallPolicy, policyFromEnv, retryAfterMs } from './callPolicy.js';
export { type UpstreamErrorCode, UpstreamError } from './errors.js';
export { countsBetween, type CountsByUpstream, RequestCounter, totalRequests, type UpstreamCounts } from './requestCounter.js';
export { isIdempotentRead, isXrplRead } from './isIdempotentRead.js';
export { type FetchFn, upstreamFetch } from './upstreamFetch.js';
export { createUpstreams, type Upstream, type Upstreams, withPolicy, withSignal } from './upstreams.js';
export { assertChain, CHAINS } from './chainIdentity.js';
// Chain clients are imported from their own files (shared/upstream/clients/*), so a module loads
// only the chain library it needs: ethereumTransport (viem), solanaRpc (@solana/kit),
// connectCosmosHub (cosmjs), xrplClient/connectXrpl/readXrpl (xrpl), graphqlQuery, getJson/getText/ipfsText.
