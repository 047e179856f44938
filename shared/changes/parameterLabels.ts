import type { ParameterName, ParameterUnit } from '../domain/parameterChange.js';

/**
 * How risk teams name parameters in proposal tables (Aave's Chaos Labs, Gauntlet and LlamaRisk,
 * Compound's Gauntlet, fee tables), and the unit each is stored in. `bounded` parameters are shares
 * of a whole: a bare number up to 1 is a fraction, up to 100 a percentage, above that basis points.
 *
 * Compound: Gauntlet's "Liquidation Factor (LF)" is the liquidate collateral factor (CF 83 %, LF 90 %
 * in its 02/2025 recommendations), so it maps to the threshold; the on-chain `liquidationFactor` is
 * 1 − penalty and Gauntlet writes that one as "Liquidation Penalty".
 */
const LABELS: { pattern: RegExp; parameter: ParameterName; unit: ParameterUnit; bounded: boolean }[] = [
  { pattern: /^(lt|liq\.? threshold|liquidation ?threshold|liquidate collateral factor|liquidation collateral factor|liquidation factor)$/, parameter: 'liquidationThreshold', unit: 'bps', bounded: true },
  { pattern: /^(ltv|max ?ltv|loan[ -]to[ -]value|borrow collateral factor|collateral factor|cf)$/, parameter: 'ltv', unit: 'bps', bounded: true },
  { pattern: /^(lb|liq\.? bonus|liquidation ?bonus|liquidation penalty)$/, parameter: 'liquidationBonus', unit: 'bps', bounded: true },
  { pattern: /^(liquidation protocol fee)$/, parameter: 'liquidationProtocolFee', unit: 'bps', bounded: true },
  { pattern: /^(rf|reserve ?factor)$/, parameter: 'reserveFactor', unit: 'bps', bounded: true },
  { pattern: /^(u ?opt(imal)?|optimal|optimal (usage|utili[sz]ation|ratio)( ratio)?|kink)$/, parameter: 'optimalUsage', unit: 'bps', bounded: true },
  { pattern: /^(base( variable)?( borrow)?( rate)?)$/, parameter: 'baseRate', unit: 'fraction', bounded: false },
  { pattern: /^((variable )?slope ?1)$/, parameter: 'slope1', unit: 'fraction', bounded: false },
  { pattern: /^((variable )?slope ?2)$/, parameter: 'slope2', unit: 'fraction', bounded: false },
  { pattern: /^(supply ?caps?)$/, parameter: 'supplyCap', unit: 'tokens', bounded: false },
  { pattern: /^(borrows? ?caps?)$/, parameter: 'borrowCap', unit: 'tokens', bounded: false },
  // Aave's debt ceiling is in USD (parameterChange.ts).
  { pattern: /^(debt ?ceiling)$/, parameter: 'debtCeiling', unit: 'tokens', bounded: false },
  { pattern: /^(protocol fee|staking fee|fee on rewards|epoch fee)$/, parameter: 'rewardFee', unit: 'fraction', bounded: true },
  { pattern: /^(module fee|staking module fee|node operators? fee)$/, parameter: 'moduleFee', unit: 'fraction', bounded: true },
  { pattern: /^(treasury fee)$/, parameter: 'treasuryFee', unit: 'fraction', bounded: true },
  { pattern: /^(community ?tax)$/, parameter: 'communityTax', unit: 'fraction', bounded: true },
];

/** An eMode category's own LTV, threshold and bonus, when the table sits under an eMode heading. */
const EMODE: Partial<Record<ParameterName, ParameterName>> = {
  ltv: 'eModeLtv',
  liquidationThreshold: 'eModeLiquidationThreshold',
  liquidationBonus: 'eModeLiquidationBonus',
};

export interface ParameterLabel {
  parameter: ParameterName;
  unit: ParameterUnit;
  bounded: boolean;
}

/** The parameter a table label names ("Current LT", "LiquidationThreshold", "Loan To Value (LTV)"), if known. */
export function parameterForLabel(label: string): ParameterLabel | undefined {
  const normalized = label
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[_*`:]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const found = LABELS.find(({ pattern }) => pattern.test(normalized));
  return found && { parameter: found.parameter, unit: found.unit, bounded: found.bounded };
}

/** The same label read as an eMode category's parameter; labels with no eMode counterpart are kept. */
export function inEMode(label: ParameterLabel): ParameterLabel {
  const parameter = EMODE[label.parameter];
  return parameter ? { ...label, parameter } : label;
}
