import type { ParameterKind } from '../../../domain/parameterKind.js';

/**
 * The parameter kinds Aave v4's configuration emits beyond the shared vocabulary (aave-v4
 * ISpoke.DynamicReserveConfig, ReserveConfig and LiquidationConfig; IHub.SpokeConfig and AssetConfig). A spoke's
 * dynamic config is keyed: its changes carry the key they set (ParameterChange.configKey), and
 * reach only the positions still on it. Rates (IAssetInterestRateStrategy.RateData) are the shared
 * optimalUsage, baseRate, slope1 and slope2; a new reserve is the shared listing.
 */
export const AAVE_V4_PARAMETERS: readonly ParameterKind[] = [
  // bps; plays the part of a v3 liquidation threshold: the spoke's health factor is Σ CF·C / D.
  { name: 'v4CollateralFactor', unit: 'bps', label: 'the collateral factor', bounded: true },
  // The bonus alone (650 for 6.5 %), as the shared liquidationBonus: the spoke stores 100 % plus it (10,650).
  { name: 'v4MaxLiquidationBonus', unit: 'bps', label: 'the largest liquidation bonus', bounded: true },
  { name: 'v4LiquidationFee', unit: 'bps', label: 'the protocol’s share of the liquidation bonus', bounded: true },
  // bps, up to 1,000 %: sets the risk premium a borrower pays on top of the drawn rate.
  { name: 'v4CollateralRisk', unit: 'bps', label: 'the collateral risk (the premium borrowers pay against it)' },
  { name: 'v4ReserveState', unit: 'state', label: 'the reserve’s state (paused, frozen or borrowable)' },
  // WAD factors as numbers (1.2 for 1.2e18): a health factor has no shared unit.
  { name: 'v4TargetHealthFactor', unit: 'state', label: 'the health factor a liquidation restores' },
  { name: 'v4HealthFactorForMaxBonus', unit: 'state', label: 'the health factor under which a liquidator takes the largest bonus' },
  { name: 'v4LiquidationBonusFactor', unit: 'bps', label: 'the share of the largest bonus a liquidator takes at first', bounded: true },
  // Whole tokens, not scaled by decimals (IHub.SpokeConfig).
  { name: 'v4AddCap', unit: 'tokens', label: 'the most a spoke may supply to its hub' },
  { name: 'v4DrawCap', unit: 'tokens', label: 'the most a spoke may borrow from its hub' },
  { name: 'v4RiskPremiumThreshold', unit: 'bps', label: 'the largest premium a spoke’s borrowers may pay' },
  { name: 'v4SpokeState', unit: 'state', label: 'the spoke’s state on its hub (active or halted)' },
  // IHub.AssetConfig, one hub asset for every spoke listing it. bps of the interest the hub keeps:
  // a supply earns the drawn interest × (1 − it) (supplyRate.ts), as a v3 reserve factor.
  { name: 'v4LiquidityFee', unit: 'bps', label: 'the liquidity fee (the share of borrowers’ interest the hub keeps)', bounded: true },
  // Addresses: what the new contract does is not known from the event alone.
  { name: 'v4RateStrategy', unit: 'state', label: 'the hub asset’s interest rate strategy' },
  { name: 'v4ReinvestmentController', unit: 'state', label: 'the hub asset’s reinvestment controller (may invest idle liquidity elsewhere)' },
  { name: 'v4FeeReceiver', unit: 'state', label: 'the spoke the hub asset’s fees go to' },
];
