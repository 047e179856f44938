import type { ParameterChange } from '../../domain/parameterChange.js';
import type { Calculator } from '../../simulate/calculator.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import { fraction } from '../../simulate/rateAfter.js';
import { afterFee } from '../../simulate/keptShare.js';

/** A staking module: its share of the protocol's stake and its fees on that share's rewards (fractions). */
export interface StakingModuleFees {
  id: number;
  share: number;
  moduleFee: number;
  treasuryFee: number;
}

declare module '../../domain/position.js' {
  interface ModuleInputs {
    /** Each staking module's share and fees; `rewardFee` is their weighted total. */
    stakingModules?: StakingModuleFees[];
  }
}

/** The staking module a change names in its market (`staking module 1`). */
export function moduleOf(change: Pick<ParameterChange, 'market'>, modules: readonly StakingModuleFees[] | undefined): StakingModuleFees | undefined {
  const id = /^staking module (\d+)$/.exec(change.market ?? '')?.[1];
  return id === undefined ? undefined : modules?.find((module) => module.id === Number(id));
}

const namesModule = (change: ParameterChange) => /^staking module \d+$/.test(change.market ?? '');

/** The protocol's fee: Σ share·(module fee + treasury fee) over the staking modules (positions.md §3.3). Pure. */
export const totalModuleFee = (modules: readonly StakingModuleFees[]): number => modules.reduce((sum, module) => sum + module.share * (module.moduleFee + module.treasuryFee), 0);

/**
 * Module and treasury fees, and a whole module's fee on rewards: every stETH holder earns through
 * every module, so any module's fee reaches every holder, weighted by the module's share. A
 * reshuffle between a module and the treasury moves nothing.
 */
export const stakingModuleFees: Calculator = {
  parameters: ['moduleFee', 'treasuryFee'],
  claims: (change) => change.parameter === 'rewardFee' && namesModule(change),
  touches: (_change, { inputs }) => inputs.stakingModules !== undefined,
  chainValue(change, { inputs }) {
    const module = moduleOf(change, inputs.stakingModules);
    if (!module) return undefined;
    if (change.parameter === 'rewardFee') return inUnitOf(change, { fraction: module.moduleFee + module.treasuryFee });
    return inUnitOf(change, { fraction: module[change.parameter as 'moduleFee' | 'treasuryFee'] });
  },
  rateAfter(rate, changes, inputs) {
    if (!inputs.stakingModules) return undefined;
    const after = inputs.stakingModules.map((module) => {
      const mine = changes.filter((change) => moduleOf(change, [module]));
      const total = mine.find((change) => change.parameter === 'rewardFee');
      if (total) {
        // A whole-module fee (module + treasury) keeps the split unknown; only the total matters to holders.
        const to = fraction(total);
        return to === undefined ? module : { ...module, moduleFee: to, treasuryFee: 0 };
      }
      return {
        ...module,
        moduleFee: fraction(mine.find((change) => change.parameter === 'moduleFee'), module.moduleFee)!,
        treasuryFee: fraction(mine.find((change) => change.parameter === 'treasuryFee'), module.treasuryFee)!,
      };
    });
    return afterFee(rate, totalModuleFee(inputs.stakingModules), totalModuleFee(after));
  },
};

export const LIDO_CALCULATORS: readonly Calculator[] = [stakingModuleFees];
