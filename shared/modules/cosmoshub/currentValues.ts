import type { ChainReading } from '../../domain/chainReading.js';
import type { ParameterChange } from '../../domain/parameterChange.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import { describeFailure } from '../../upstream/describeFailure.js';
import { UpstreamError } from '../../upstream/errors.js';
import type { ComponentContext, CurrentValueReader } from '../types.js';
import type { ParamsModule } from './decodeParameterChanges.js';
import { connectHubQueries } from './hubQueries.js';
import { readModuleParams } from './readModuleParams.js';
import { HUB_PARAMETERS, type HubParameter } from './readMessages.js';

/** The x/ module whose Params hold a change's value, or why it is not read. Pure. */
export function paramsModuleOf(change: ParameterChange): ParamsModule | { notRead: string } {
  return Object.hasOwn(HUB_PARAMETERS, change.parameter) ? HUB_PARAMETERS[change.parameter as HubParameter] : { notRead: 'this parameter is not read on chain yet' };
}

/**
 * The Cosmos Hub's current values: each change's parameter from its x/ module's current Params
 * (readModuleParams, the query the source diffs a MsgUpdateParams with), one query per module
 * touched, all in parallel after one `status` that checks the chain. A failed query costs its own
 * module's changes; a failed connection every readable change, each said "could not be read".
 */
export const cosmoshubCurrentValues = (): CurrentValueReader => ({
  async readCurrentValues(changes: readonly ParameterChange[], context: ComponentContext): Promise<ChainReading[]> {
    const modules = changes.map(paramsModuleOf);
    const wanted = [...new Set(modules.filter((module): module is ParamsModule => typeof module === 'string'))];
    if (wanted.length === 0) return modules.map((module) => ({ notRead: typeof module === 'string' ? 'not read' : module.notRead }));
    const failure = (error: unknown): ChainReading => ({ notRead: `could not be read on the Cosmos Hub (${describeFailure(error)})` });
    let answers: Map<ParamsModule, PromiseSettledResult<Awaited<ReturnType<typeof readModuleParams>>>>;
    try {
      const queries = await connectHubQueries(context.upstreams.cosmosRpc, context.signal);
      const settled = await Promise.allSettled(wanted.map((module) => readModuleParams(queries, module)));
      answers = new Map(wanted.map((module, index) => [module, settled[index]!]));
    } catch (error) {
      return modules.map((module) => (typeof module === 'string' ? failure(error) : { notRead: module.notRead }));
    }
    return changes.map((change, index): ChainReading => {
      const module = modules[index]!;
      if (typeof module !== 'string') return { notRead: module.notRead };
      const answer = answers.get(module)!;
      // cosmjs's own errors (a refused query, protobuf that does not decode) are not shown: their text is the library's.
      if (answer.status === 'rejected') return answer.reason instanceof UpstreamError ? failure(answer.reason) : { notRead: `the Hub’s answer to its x/${module} params query could not be used` };
      const fraction = answer.value[change.parameter as HubParameter];
      if (fraction === undefined) return { notRead: 'the chain’s params hold no value for it' };
      const value = inUnitOf(change, { fraction });
      return value === undefined ? { notRead: 'it is not read in this unit' } : { value };
    });
  },
});
