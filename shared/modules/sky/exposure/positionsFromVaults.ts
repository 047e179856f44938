import { formatUnits } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { RAY, yearlyRateOfRay } from '../rates.js';
import { type SkyVault, vaultAccount } from '../vaults.js';
import type { VaultRead } from './readSkyVaults.js';

/** A fixed-point bigint of `decimals` as a number. */
const decimal = (value: bigint, decimals: number): number => Number(formatUnits(value, decimals));

/** The largest double below 1: what an unsafe vault within 1e-16 of the line reads. */
const BELOW_ONE = 1 - Number.EPSILON / 2;

/**
 * The health factor of the quotient ink × spot × 10^18 / (art × rate), floored: at least 10^18
 * exactly when the Vat calls the vault safe. A double rounds 0.99999999999999999 to 1, so an unsafe
 * vault is held below 1 (test/oracles/skyVault.test.ts found 1 in 5 vaults generated at the line
 * reading 1 while the Dog barked). Pure.
 */
const healthFactorOf = (quotient: bigint): number => (quotient < 10n ** 18n ? Math.min(decimal(quotient, 18), BELOW_ONE) : decimal(quotient, 18));

/**
 * A vault as the simulator reads it, from the Vat's own numbers: debt = art × rate (DAI/USDS,
 * counted at $1), the collateral's price = spot × mat (spot is the OSM price over mat, which is the
 * price liquidations use), its value ink × price, mat and the yearly fee rpow(duty + base, 1 year) − 1
 * (Jug.drip compounds at base + duty). Pure.
 */
export function skyVaultOf(read: VaultRead): SkyVault & { healthFactor?: number } {
  const price = (read.spot * read.mat) / RAY;
  const debtRad = read.art * read.rate;
  return {
    ilk: read.ilk,
    collateral: decimal(read.ink, 18),
    collateralUsd: decimal(read.ink * price, 45),
    debt: decimal(debtRad, 45),
    mat: decimal(read.mat, 27),
    duty: yearlyRateOfRay(read.duty + read.base),
    // The Vat's own safety test (Dog.bark: ink × spot < art × rate) as a quotient: CR / mat, exact in bigint.
    ...(debtRad > 0n && { healthFactor: healthFactorOf((read.ink * read.spot * 10n ** 18n) / debtRad) }),
  };
}

/**
 * The wallet's vaults as positions on Ethereum, each in its ilk's market: a vault with debt is a
 * borrow (asset DAI, or USDS for a staking-engine urn) carrying its collateral, health factor and
 * fee, reached by the ilk's `stabilityFee` and `mat` changes; one with collateral and no debt is a
 * supply no fee or ratio reaches. Empty urns are left out. Pure.
 */
export function positionsFromVaults(reads: readonly VaultRead[], wallet: Wallet): ExposurePosition[] {
  return reads.flatMap((read): ExposurePosition[] => {
    if (read.ink === 0n && read.art === 0n) return [];
    const vault = skyVaultOf(read);
    const id = read.cdpId !== undefined ? `sky-vault-${read.cdpId}` : `sky-urn-${read.urn.toLowerCase()}`;
    const base = { protocol: 'sky', user_address: wallet.address, chain: 'ethereum', market: read.ilk, id, name: read.cdpId !== undefined ? `${read.ilk} vault #${read.cdpId}` : `${read.ilk} staking-engine urn` } as const;
    if (read.art === 0n) {
      return [{ position: { ...base, asset: read.ilk, amount: formatUnits(read.ink, 18), valueUsd: vault.collateralUsd, holding: 'supplied', collateral: String(vault.collateral) }, inputs: { role: 'supply', market: read.ilk, valueUsd: vault.collateralUsd } }];
    }
    const { healthFactor, ...simulated } = vault;
    return [
      {
        position: { ...base, asset: read.lockstake ? 'USDS' : 'DAI', amount: String(vault.debt), valueUsd: vault.debt, holding: 'borrowed', debt: String(vault.debt), collateral: String(vault.collateral), apy: vault.duty, ...(healthFactor !== undefined && { healthFactor }) },
        inputs: { role: 'borrow', market: read.ilk, valueUsd: vault.debt, apr: vault.duty, vault: simulated, account: vaultAccount(simulated, read.ilk) },
      },
    ];
  });
}
