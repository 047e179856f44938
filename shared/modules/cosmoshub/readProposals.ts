import { ProposalStatus as NativeStatus, type TallyResult } from 'cosmjs-types/cosmos/gov/v1/gov';
import type { FeedProposal } from '../../domain/proposal.js';
import type { Upstream } from '../../upstream/upstreams.js';
import type { ComponentContext } from '../types.js';
import { decFromProto } from './decFromProto.js';
import { type CurrentParams, type ParamsModule, paramsNeeded } from './decodeParameterChanges.js';
import { connectHubQueries, type HubQueries } from './hubQueries.js';
import { normalizeProposal } from './normalizeProposal.js';
import { readMessages } from './readMessages.js';
import { poolRequest, proposalsRequest, tallyingParamsRequest, tallyRequest } from './requests.js';
import { readModuleParams } from './readModuleParams.js';
import type { QuorumInputs } from './votesOf.js';

/**
 * Reads the newest Cosmos Hub proposals (gov v1) over the CometBFT RPC upstream and normalizes
 * them. Requests per build: `status`, one Proposals page; then, only when a proposal is in its
 * voting period, one TallyResult per such proposal plus gov tallying Params and the staking Pool
 * (quorum); and only when a proposal changes x/distribution, x/mint or x/staking params, that
 * module's Params.
 *
 * @throws UpstreamError (status, timeout, malformed, wrong chain) or a query error: the feed builder keeps the last good proposals.
 */
export async function readProposals(upstream: Upstream, context: ComponentContext): Promise<FeedProposal[]> {
  context.signal.throwIfAborted();
  const queries = await connectHubQueries(upstream, context.signal);
  const { proposals } = await queries.gov.Proposals(proposalsRequest());
  const read = proposals.map((proposal) => ({ proposal, actions: readMessages(proposal.messages) }));
  const live = read.filter(({ proposal }) => proposal.status === NativeStatus.PROPOSAL_STATUS_VOTING_PERIOD);
  const [tallies, quorum, current] = await Promise.all([
    Promise.all(live.map(({ proposal }) => queries.gov.TallyResult(tallyRequest(proposal.id)).then(({ tally }) => [proposal.id, tally] as const))),
    live.length > 0 ? readQuorumInputs(queries) : undefined,
    readCurrentParams(queries, paramsNeeded(read.flatMap(({ actions }) => actions))),
  ]);
  const liveTallies = new Map<bigint, TallyResult | undefined>(tallies);
  return read.flatMap(({ proposal, actions }) => {
    const liveTally = liveTallies.get(proposal.id);
    const normalized = normalizeProposal(proposal, { actions, current, now: context.now, ...(liveTally && { liveTally }), ...(quorum && { quorum }) });
    return normalized ? [normalized] : [];
  });
}

async function readQuorumInputs(queries: HubQueries): Promise<QuorumInputs | undefined> {
  const [{ params, tallyParams }, { pool }] = await Promise.all([queries.gov.Params(tallyingParamsRequest()), queries.staking.Pool(poolRequest())]);
  // SDK 0.47+ fills `params`; `tally_params` is the deprecated group the 0.46 line answered with.
  const quorum = decFromProto(params?.quorum || tallyParams?.quorum || '');
  return quorum !== undefined && pool ? { quorum, bondedTokens: pool.bondedTokens } : undefined;
}

/** The current params of the modules a proposal changes, one query each, together. */
async function readCurrentParams(queries: HubQueries, modules: ReadonlySet<ParamsModule>): Promise<CurrentParams> {
  const reads = await Promise.all([...modules].map((module) => readModuleParams(queries, module)));
  return Object.assign({}, ...reads) as CurrentParams;
}
