import { decFromProto } from './decFromProto.js';
import type { CurrentParams, ParamsModule } from './decodeParameterChanges.js';
import type { HubQueries } from './hubQueries.js';
import { distributionParamsRequest, mintParamsRequest, stakingParamsRequest } from './requests.js';

const dec = (value: string | undefined): number | undefined => (value ? decFromProto(value) : undefined);

/** The values that are set, without the ones the answer left empty. */
const defined = (params: CurrentParams): CurrentParams => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));

/**
 * The Hub parameters one x/ module's current Params hold (one abci_query): x/distribution's
 * community tax, x/mint's inflation bounds, x/staking's minimum commission. A field the node leaves
 * empty is left out, never read as 0. Used by the source (to diff a MsgUpdateParams) and by the
 * proposal pages' old values (currentValues.ts).
 *
 * @throws UpstreamError or a query error (cosmjs) when the query fails.
 * @example const { communityTax } = await readModuleParams(queries, 'distribution');
 */
export async function readModuleParams(queries: HubQueries, module: ParamsModule): Promise<CurrentParams> {
  switch (module) {
    case 'distribution': {
      const { params } = await queries.distribution.Params(distributionParamsRequest());
      return defined({ communityTax: dec(params?.communityTax) });
    }
    case 'mint': {
      const { params } = await queries.mint.Params(mintParamsRequest());
      return defined({ inflationMin: dec(params?.inflationMin), inflationMax: dec(params?.inflationMax) });
    }
    case 'staking': {
      const { params } = await queries.staking.Params(stakingParamsRequest());
      return defined({ minCommission: dec(params?.minCommissionRate) });
    }
  }
}
