import { QueryParamsRequest, QueryProposalsRequest, QueryTallyResultRequest } from 'cosmjs-types/cosmos/gov/v1/query';
import { QueryParamsRequest as DistributionParamsRequest } from 'cosmjs-types/cosmos/distribution/v1beta1/query';
import { QueryParamsRequest as MintParamsRequest } from 'cosmjs-types/cosmos/mint/v1beta1/query';
import { QueryParamsRequest as StakingParamsRequest, QueryPoolRequest } from 'cosmjs-types/cosmos/staking/v1beta1/query';

/**
 * How many of the newest proposals a build reads. The Hub opens a few proposals a week (spam
 * included) and a vote lasts 14 days, so 20 covers every live one with room to spare.
 */
export const PROPOSALS_PAGE_SIZE = 20;

/*
 * The exact requests the source sends. Deterministic (no clock, no cursor), so recorded
 * abci_query exchanges answer them byte for byte; the recordings' test encodes them again.
 */

/** The newest proposals of any status: gov v1 Proposals, newest first (reverse), one page. */
export const proposalsRequest = (): QueryProposalsRequest =>
  QueryProposalsRequest.fromPartial({ pagination: { limit: BigInt(PROPOSALS_PAGE_SIZE), reverse: true } });

/** The live tally of a proposal in its voting period. */
export const tallyRequest = (proposalId: bigint): QueryTallyResultRequest => QueryTallyResultRequest.fromPartial({ proposalId });

/** gov v1 params of the tallying group (quorum, threshold, veto threshold). */
export const tallyingParamsRequest = (): QueryParamsRequest => QueryParamsRequest.fromPartial({ paramsType: 'tallying' });

export const poolRequest = (): QueryPoolRequest => QueryPoolRequest.fromPartial({});

export const distributionParamsRequest = (): DistributionParamsRequest => DistributionParamsRequest.fromPartial({});

export const mintParamsRequest = (): MintParamsRequest => MintParamsRequest.fromPartial({});

export const stakingParamsRequest = (): StakingParamsRequest => StakingParamsRequest.fromPartial({});
