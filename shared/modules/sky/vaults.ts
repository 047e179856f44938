import type { LendingAccount } from '../../domain/position.js';

/** A vault (a Vat urn of one ilk) as the simulator reads it: collateral in its units and in USD, debt in USDS/DAI, `mat` and the yearly stability fee. */
export interface SkyVault {
  ilk: string;
  collateral: number;
  collateralUsd: number;
  debt: number;
  /** Liquidation ratio (Spot `mat` as a number: 1.45 for 145 %). */
  mat: number;
  /** Stability fee, yearly (Jug `duty` compounded over 365 days, as a fraction). */
  duty: number;
}

/** The vault's collateralization ratio: collateral value over debt (debt counted at $1). Pure. */
export const collateralizationRatio = (vault: Pick<SkyVault, 'collateralUsd' | 'debt'>): number => vault.collateralUsd / vault.debt;

/**
 * The vault's health factor: its collateralization ratio over `mat` (issue #22), so below 1 it can be
 * liquidated (Dog.bark requires ink × spot < art × rate, spot being price / mat) and the lending
 * level rules apply unchanged. Pure.
 */
export const vaultHealthFactor = (vault: Pick<SkyVault, 'collateralUsd' | 'debt'>, mat: number): number => collateralizationRatio(vault) / mat;

/** The collateral price at which the vault reaches `mat`: debt × mat / collateral. Pure. */
export const liquidationPrice = (vault: Pick<SkyVault, 'collateral' | 'debt'>, mat: number): number => (vault.debt * mat) / vault.collateral;

/**
 * The vault as a lending account with one collateral whose liquidation threshold is 1 / mat: the
 * shared health factor (Σ value × LT / debt) is then exactly CR / mat, so pages and the what-if
 * read it like any account's. Pure.
 */
export const vaultAccount = (vault: SkyVault, market: string): LendingAccount => ({
  market,
  debtUsd: vault.debt,
  ...(vault.debt > 0 && { healthFactor: vaultHealthFactor(vault, vault.mat) }),
  collateral: [{ asset: vault.ilk, valueUsd: vault.collateralUsd, liquidationThreshold: 10_000 / vault.mat }],
});
