import type { ParameterChange } from '../../domain/parameterChange.js';
import type { Calculator } from '../../simulate/calculator.js';
import { inUnitOf } from '../../simulate/changeValues.js';
import { formatHealthFactors, formatUsd } from '../../simulate/format.js';
import { levelForHealthFactor } from '../../simulate/levels.js';
import { fraction } from '../../simulate/rateAfter.js';
import { liquidationPrice, type SkyVault, vaultHealthFactor } from './vaults.js';

declare module '../../domain/position.js' {
  interface ModuleInputs {
    /** The savings rate a Sky holding earns: the SSR (sUSDS) or the DSR (sDAI). */
    savingsRate?: 'ssr' | 'dsr';
    /** A vault's state, on its debt position (the one a stability-fee or `mat` change reaches). */
    vault?: SkyVault;
  }
}

const ofRate = (changes: readonly ParameterChange[], rate: 'ssr' | 'dsr' | undefined) => changes.find((change) => change.parameter === rate);

/**
 * A savings-rate move: the SSR reaches every sUSDS holding and the DSR every sDAI one (each vault
 * pays its rate on all its assets, so no market or asset narrows it further); the holding then
 * earns the new yearly rate, and the shared yearly-change mathematics turns the difference into
 * about $X a year on its value (Δrate × value). Pure.
 */
export const savingsRateMove: Calculator = {
  parameters: ['ssr', 'dsr'],
  touches: (change, { inputs }) => inputs.savingsRate !== undefined && change.parameter === inputs.savingsRate,
  chainValue: (change, { inputs }) => (inputs.savingsRate === change.parameter && inputs.apr !== undefined ? inUnitOf(change, { fraction: inputs.apr }) : undefined),
  rateAfter(rate, changes, inputs) {
    const change = ofRate(changes, inputs.savingsRate);
    return change ? fraction(change) : rate;
  },
};

/** A change names its vault type (ilk) as its market; it reaches the debt of a vault of that ilk. */
const sameIlk = (change: ParameterChange, vault: SkyVault | undefined) => vault !== undefined && change.market === vault.ilk;

/**
 * A stability-fee move: the vault's debt pays the ilk's new yearly fee, priced by the shared
 * yearly-change mathematics as Δfee × debt a year. Pure.
 */
export const stabilityFeeMove: Calculator = {
  parameters: ['stabilityFee'],
  touches: (change, { inputs }) => inputs.role === 'borrow' && sameIlk(change, inputs.vault),
  chainValue: (change, { inputs }) => (sameIlk(change, inputs.vault) ? inUnitOf(change, { fraction: inputs.vault!.duty }) : undefined),
  rateAfter: (rate, changes, inputs) => {
    const change = changes.find((entry) => entry.parameter === 'stabilityFee' && sameIlk(entry, inputs.vault));
    return change ? fraction(change) : rate;
  },
};

/**
 * A liquidation-ratio (`mat`) move: the vault's health factor CR / mat and the price it is
 * liquidated at (debt × mat / collateral) before and after, graded by the health-factor rules.
 * Pure.
 */
export const matMove: Calculator = {
  parameters: ['mat'],
  touches: (change, { inputs }) => inputs.role === 'borrow' && sameIlk(change, inputs.vault),
  chainValue: (change, { inputs }) => (sameIlk(change, inputs.vault) ? inUnitOf(change, { fraction: inputs.vault!.mat }) : undefined),
  effects(changes, { inputs }) {
    const vault = inputs.vault;
    const change = changes.find((entry) => entry.parameter === 'mat' && sameIlk(entry, vault));
    const to = change && fraction(change);
    if (!vault || to === undefined || vault.debt <= 0) return [];
    const before = vaultHealthFactor(vault, vault.mat);
    const after = vaultHealthFactor(vault, to);
    const [from, next] = formatHealthFactors(before, after);
    const [priceBefore, priceAfter] = [formatUsd(liquidationPrice(vault, vault.mat)), formatUsd(liquidationPrice(vault, to))];
    const prices = `${priceBefore} → ${priceAfter}`;
    return [
      {
        level: levelForHealthFactor(before, after),
        summary:
          after < 1
            ? `Your ${vault.ilk} vault could be liquidated: its health factor (collateralization over the liquidation ratio) would fall from ${from} to ${next}.`
            : `Health factor of your ${vault.ilk} vault moves from ${from} to ${next}; its collateral's liquidation price moves from ${priceBefore} to ${priceAfter} a unit.`,
        estimatedChange: `health factor ${from} → ${next} (liquidation price ${prices})`,
        assets: [vault.ilk],
        simulated: true,
        healthFactor: { market: inputs.account?.market ?? vault.ilk, before, after },
      },
    ];
  },
};

export const SKY_CALCULATORS: readonly Calculator[] = [savingsRateMove, stabilityFeeMove, matMove];
