import type { Calculator } from '../../simulate/calculator.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import { fraction, oldFraction } from '../../simulate/rateAfter.js';
import { sameAsset, sameMarket } from '../../simulate/touches.js';
import { afterFee } from '../../simulate/keptShare.js';

declare module '../../domain/position.js' {
  interface ModuleInputs {
    /**
     * The share of the pool's rewards that comes from MEV tips, and the share of tips taken before
     * they reach stakers (fractions). Not read by the exposure today: a tip-routing change is then
     * matched but not quantified.
     */
    mev?: { share: number; fee: number };
  }
}

/** Only the MEV part of the rewards follows the tip fee: apr × ((1 − m) + m × (1 − f′)/(1 − f)). */
export const mevFee: Calculator = {
  parameters: ['mevFee'],
  touches: (change, exposure) => sameMarket(change, exposure) && exposure.inputs.role === 'stake' && sameAsset(change, exposure),
  chainValue: (change, { inputs }) => (inputs.mev === undefined ? undefined : inUnitOf(change, { fraction: inputs.mev.fee })),
  rateAfter(rate, [change], inputs) {
    const to = fraction(change);
    const from = oldFraction(change, inputs.mev?.fee);
    const kept = !inputs.mev || to === undefined || from === undefined ? undefined : afterFee(1, from, to);
    return kept === undefined ? undefined : rate * (1 - inputs.mev!.share + inputs.mev!.share * kept);
  },
};

export const JITO_CALCULATORS: readonly Calculator[] = [mevFee];
