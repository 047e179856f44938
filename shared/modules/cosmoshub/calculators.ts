import type { Calculator } from '../../simulate/calculator.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import { fraction, oldFraction } from '../../simulate/rateAfter.js';
import { sameAsset, sameMarket } from '../../simulate/touches.js';
import { afterFee } from '../../simulate/keptShare.js';

/** A delegation's validator: its share of the wallet's delegated stake and its commission (fractions). */
export interface DelegationValidator {
  validator: string;
  share: number;
  commission: number;
}

declare module '../../domain/position.js' {
  interface ModuleInputs {
    /** The validators the stake is delegated to, and the inflation the APR follows (fractions). */
    delegation?: { validators: DelegationValidator[]; inflation?: number; inflationMin?: number; inflationMax?: number };
  }
}

/** The community tax: a fee on every delegator's rewards (the exposure reads it as the position's rewardFee). */
export const communityTax: Calculator = {
  parameters: ['communityTax'],
  touches: (change, exposure) => sameMarket(change, exposure) && (exposure.inputs.role === 'delegation' || (exposure.inputs.rewardFee !== undefined && sameAsset(change, exposure))),
  chainValue: (change, { inputs }) => (inputs.rewardFee === undefined ? undefined : inUnitOf(change, { fraction: inputs.rewardFee })),
  rateAfter(rate, [change], inputs) {
    const from = oldFraction(change, inputs.rewardFee);
    const to = fraction(change);
    return from === undefined || to === undefined ? undefined : afterFee(rate, from, to);
  },
};

/**
 * Inflation bounds and the minimum commission reach every delegation: x/mint moves inflation
 * toward its target each block but never outside [min, max], so a new bound moves today's rate only
 * when today's rate falls outside it; a new minimum raises each validator's commission to it,
 * weighted by the wallet's stake with that validator.
 */
export const stakingBounds: Calculator = {
  parameters: ['minCommission', 'inflationMin', 'inflationMax'],
  touches: (change, exposure) => sameMarket(change, exposure) && exposure.inputs.role === 'delegation',
  chainValue(change, { inputs }) {
    if (change.parameter === 'minCommission') return undefined;
    const bound = inputs.delegation?.[change.parameter as 'inflationMin' | 'inflationMax'];
    return bound === undefined ? undefined : inUnitOf(change, { fraction: bound });
  },
  rateAfter(rate, changes, inputs) {
    const find = (parameter: string) => changes.find((change) => change.parameter === parameter);
    const delegation = inputs.delegation;
    if (find('inflationMin') || find('inflationMax')) {
      if (delegation?.inflation === undefined || !(delegation.inflation > 0)) return undefined;
      const min = fraction(find('inflationMin'), delegation.inflationMin) ?? 0;
      const max = fraction(find('inflationMax'), delegation.inflationMax) ?? Number.POSITIVE_INFINITY;
      rate *= Math.min(Math.max(delegation.inflation, min), max) / delegation.inflation;
    }
    const minCommission = find('minCommission');
    if (minCommission) {
      const floor = fraction(minCommission);
      if (!delegation || delegation.validators.length === 0 || floor === undefined) return undefined;
      const before = delegation.validators.reduce((sum, entry) => sum + entry.share * (1 - entry.commission), 0);
      const after = delegation.validators.reduce((sum, entry) => sum + entry.share * (1 - Math.max(entry.commission, floor)), 0);
      if (!(before > 0)) return undefined;
      rate *= after / before;
    }
    return rate;
  },
};

export const HUB_CALCULATORS: readonly Calculator[] = [communityTax, stakingBounds];
