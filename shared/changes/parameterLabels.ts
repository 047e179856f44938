import type { ParameterName, ParameterUnit } from '../domain/parameterChange.js';

/**
 * How risk teams name parameters in proposal tables (Aave's Chaos Labs and Gauntlet, Compound's
 * Gauntlet, fee tables), and the unit each is stored in. `bounded` parameters are shares of a whole:
 * a bare number up to 1 is a fraction, above 1 a percentage; rates are fractions unless marked %.
 */
const LABELS: { pattern: RegExp; parameter: ParameterName; unit: ParameterUnit; bounded: boolean }[] = [
  { pattern: /^(lt|liquidation ?threshold|liquidate collateral factor|liquidation collateral factor)$/, parameter: 'liquidationThreshold', unit: 'bps', bounded: true },
  { pattern: /^(ltv|max ?ltv|loan[ -]to[ -]value|borrow collateral factor|collateral factor|cf)$/, parameter: 'ltv', unit: 'bps', bounded: true },
  { pattern: /^(lb|liquidation ?bonus|liquidation penalty)$/, parameter: 'liquidationBonus', unit: 'bps', bounded: true },
  { pattern: /^(rf|reserve ?factor)$/, parameter: 'reserveFactor', unit: 'bps', bounded: true },
  { pattern: /^(uopt|optimal (usage|utili[sz]ation)( ratio)?|kink)$/, parameter: 'optimalUsage', unit: 'bps', bounded: true },
  { pattern: /^(base( variable)?( borrow)? rate|base)$/, parameter: 'baseRate', unit: 'fraction', bounded: false },
  { pattern: /^((variable )?slope ?1)$/, parameter: 'slope1', unit: 'fraction', bounded: false },
  { pattern: /^((variable )?slope ?2)$/, parameter: 'slope2', unit: 'fraction', bounded: false },
  { pattern: /^(supply ?cap)$/, parameter: 'supplyCap', unit: 'tokens', bounded: false },
  { pattern: /^(borrow ?cap)$/, parameter: 'borrowCap', unit: 'tokens', bounded: false },
  { pattern: /^(protocol fee|staking fee|fee on rewards|epoch fee)$/, parameter: 'rewardFee', unit: 'fraction', bounded: true },
  { pattern: /^(community ?tax)$/, parameter: 'communityTax', unit: 'fraction', bounded: true },
];

export interface ParameterLabel {
  parameter: ParameterName;
  unit: ParameterUnit;
  bounded: boolean;
}

/** The parameter a table label names ("Current LT", "LiquidationThreshold", "Slope 2"), if known. */
export function parameterForLabel(label: string): ParameterLabel | undefined {
  const normalized = label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_*`]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const found = LABELS.find(({ pattern }) => pattern.test(normalized));
  return found && { parameter: found.parameter, unit: found.unit, bounded: found.bounded };
}
