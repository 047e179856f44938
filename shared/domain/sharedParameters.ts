import type { ParameterKind } from './parameterKind.js';

/**
 * The parameter kinds more than one protocol has: a lending market's risk parameters and rate
 * curve, caps, listings, price feeds, and fees on rewards or on entering and leaving a pool. The
 * shared simulator quantifies these; a module declares any other kind it emits, with its
 * calculator, in its own folder (ModuleInfo.parameters, .calculators).
 *
 * Units, as sources emit them: bps for thresholds, LTVs, bonuses (the bonus alone: 500 = 5 %),
 * reserve factors, optimal usage from tables and the eMode values; fractions for yearly rates and
 * fees; tokens for caps and debt ceilings (USD for a ceiling); states for listings, eMode membership
 * (enabled, disabled) and price feeds (the new feed's address).
 *
 * Table labels are how risk teams write them (Chaos Labs, Gauntlet, LlamaRisk): Gauntlet's
 * "Liquidation Factor (LF)" is the liquidate collateral factor (CF 83 %, LF 90 % in its 02/2025
 * recommendations), so it is the threshold; the on-chain `liquidationFactor` is 1 − penalty, which
 * Gauntlet writes as "Liquidation Penalty". The first kind whose label matches wins.
 */
export const SHARED_PARAMETER_KINDS: readonly ParameterKind[] = [
  {
    name: 'liquidationThreshold',
    unit: 'bps',
    label: 'the liquidation threshold',
    bounded: true,
    tableLabel: /^(lt|liq\.? threshold|liquidation ?threshold|liquidate collateral factor|liquidation collateral factor|liquidation factor)$/,
  },
  { name: 'ltv', unit: 'bps', label: 'the loan-to-value', bounded: true, tableLabel: /^(ltv|max ?ltv|loan[ -]to[ -]value|borrow collateral factor|collateral factor|cf)$/ },
  { name: 'liquidationBonus', unit: 'bps', label: 'the liquidation bonus', bounded: true, tableLabel: /^(lb|liq\.? bonus|liquidation ?bonus|liquidation penalty)$/ },
  { name: 'liquidationProtocolFee', unit: 'bps', label: 'the protocol’s share of liquidation bonuses', bounded: true, tableLabel: /^(liquidation protocol fee)$/ },
  { name: 'reserveFactor', unit: 'bps', label: 'the reserve factor', bounded: true, tableLabel: /^(rf|reserve ?factor)$/ },
  { name: 'optimalUsage', unit: 'bps', label: 'the optimal usage', bounded: true, tableLabel: /^(u ?opt(imal)?|optimal|optimal (usage|utili[sz]ation|ratio)( ratio)?|kink)$/ },
  { name: 'baseRate', unit: 'fraction', label: 'the base rate', tableLabel: /^(base( variable)?( borrow)?( rate)?)$/ },
  { name: 'slope1', unit: 'fraction', label: 'the rate slope below the kink', tableLabel: /^((variable )?slope ?1)$/ },
  { name: 'slope2', unit: 'fraction', label: 'the rate slope above the kink', tableLabel: /^((variable )?slope ?2)$/ },
  { name: 'supplyCap', unit: 'tokens', label: 'the supply cap', tableLabel: /^(supply ?caps?)$/ },
  { name: 'borrowCap', unit: 'tokens', label: 'the borrow cap', tableLabel: /^(borrows? ?caps?)$/ },
  { name: 'debtCeiling', unit: 'tokens', label: 'the debt ceiling', tableLabel: /^(debt ?ceiling)$/ },
  { name: 'rewardFee', unit: 'fraction', label: 'the fee on rewards', bounded: true, tableLabel: /^(protocol fee|staking fee|fee on rewards|epoch fee)$/ },
  { name: 'supplyApr', unit: 'fraction', label: 'the supply rate' },
  { name: 'borrowApr', unit: 'fraction', label: 'the borrow rate' },
  { name: 'priceFeed', unit: 'state', label: 'the price feed' },
  { name: 'eModeLtv', unit: 'bps', label: 'the eMode category’s loan-to-value' },
  { name: 'eModeLiquidationThreshold', unit: 'bps', label: 'the eMode category’s liquidation threshold' },
  { name: 'eModeLiquidationBonus', unit: 'bps', label: 'the eMode category’s liquidation bonus' },
  { name: 'eModeCollateral', unit: 'state', label: 'the eMode category’s collateral membership' },
  { name: 'eModeLtvZero', unit: 'state', label: 'the eMode category’s zero LTV for the asset' },
  { name: 'eModeIsolated', unit: 'state', label: 'the eMode category’s isolation (collateral outside it counts at LTV 0)' },
  { name: 'withdrawalFee', unit: 'fraction', label: 'the fee on withdrawing' },
  { name: 'depositFee', unit: 'fraction', label: 'the fee on depositing' },
  { name: 'listing', unit: 'state', label: 'the listing' },
];
