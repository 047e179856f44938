/**
 * What the v4 calculators read beside the shared lending account: each collateral's dynamic config
 * key (the one its position is on, and its reserve's latest) and collateral risk, and the account's
 * risk premium. A position keeps the key it last refreshed to (ISpoke.UserPosition.dynamicConfigKey),
 * so a change to key k reaches it only while it is still on k.
 */
export interface V4AccountInputs {
  /** The spoke's market (`aave-v4-ethereum-main`). */
  market: string;
  collateral: readonly V4CollateralInputs[];
  /** The account's risk premium as the spoke computes it, bps (premium debt grows at this share of the drawn rate). */
  riskPremium: number;
  /** Each debt of the account, which a change of the risk premium reprices; absent where the account's debts were not listed. */
  borrows?: readonly V4BorrowInputs[];
}

/** One debt as a change of the account's risk premium prices it (supplyRate.ts v4BorrowAprOfUsd). */
export interface V4BorrowInputs {
  asset: string;
  /** The drawn debt (drawn shares at the hub's index), USD. */
  drawnUsd: number;
  /** What it owes, drawn and premium, USD. */
  debtUsd: number;
  /** The hub asset's stored drawn rate, a yearly fraction; absent where the hub was not read (or a what-if reserve states none). */
  drawnRate?: number;
}

export interface V4CollateralInputs {
  asset: string;
  valueUsd: number;
  /** bps, at the position's own key. */
  collateralFactor: number;
  collateralRisk: number;
  dynamicConfigKey: number;
  latestConfigKey: number;
}

/**
 * A v4 position's rate and what moves it, from its hub (hubSupplyReads.ts): its rate is drawnRate ×
 * shareOfDrawnRate. A scan reads them all; a what-if account may state only some: a curve change
 * needs the first three, a liquidity fee change the fee (or the change's own `from`).
 */
export interface V4RateInputs {
  /** The stored drawn rate, a yearly fraction. */
  drawnRate?: number;
  /**
   * The part of the drawn rate the position earns or pays: a supply, (the hub's drawn + premium
   * shares) × index × (1 − liquidity fee) / added assets; a borrow, (its drawn + premium shares) ×
   * index / its debt (1 + its risk premium, as last refreshed).
   */
  shareOfDrawnRate?: number;
  /** The usage ratio the hub's rate strategy priced the drawn rate at. */
  usage?: number;
  /** A supply's: bps of the interest the hub keeps (IHub.Asset.liquidityFee), which shareOfDrawnRate is net of. */
  liquidityFee?: number;
}

declare module '../../../domain/position.js' {
  interface ModuleInputs {
    aaveV4?: V4AccountInputs;
    aaveV4Rate?: V4RateInputs;
  }
}
