import type { ParameterKind } from '../../domain/parameterKind.js';

/*
 * The parameter kinds only MetaMorpho vaults have. A vault's changes reach its depositors through
 * the vault, not through one market, so they are the vault's own kinds rather than the lending
 * vocabulary's supplyCap or reserveFactor (morpho-org/metamorpho README.md, src/MetaMorpho.sol):
 * - a supply cap is per Morpho Blue market INSIDE the vault: the most the vault may supply there;
 * - a market removal takes a market out of the vault's queues once its cap is 0;
 * - the timelock is the notice depositors get before a cap raise, a removal, a guardian or a
 *   timelock cut takes effect (1 day to 2 weeks, ConstantsLib.sol);
 * - the guardian may revoke pending changes during that notice;
 * - the performance fee is the share of the vault's interest the owner takes (WAD, at most 50 %).
 * The ParameterChange's `market` names the vault (`metamorpho-<chain>-<vault>`); a cap's or a
 * removal's Morpho Blue market follows it after a colon (`…:sUSDe/DAI 86%`).
 */

export const VAULT_SUPPLY_CAP = {
  name: 'vaultSupplyCap',
  unit: 'tokens',
  label: "the vault's supply cap on one market",
} as const satisfies ParameterKind;

export const VAULT_MARKET_REMOVAL = {
  name: 'vaultMarketRemoval',
  unit: 'state',
  label: 'a market leaving the vault',
} as const satisfies ParameterKind;

/** In seconds; the unit is `state` because the shared units have no duration (from and to stay numbers). */
export const VAULT_TIMELOCK = {
  name: 'vaultTimelock',
  unit: 'state',
  label: "the vault's timelock (notice before changes take effect), in seconds",
} as const satisfies ParameterKind;

export const VAULT_GUARDIAN = {
  name: 'vaultGuardian',
  unit: 'state',
  label: "the vault's guardian (who may veto pending changes)",
} as const satisfies ParameterKind;

export const VAULT_FEE = {
  name: 'vaultFee',
  unit: 'fraction',
  label: "the vault's performance fee on interest",
  tableLabel: /^(vault )?performance fee$|^vault fee$/,
  bounded: true,
} as const satisfies ParameterKind;

/** Every kind the module emits that the shared vocabulary lacks. */
export const MORPHO_PARAMETERS: readonly ParameterKind[] = [VAULT_SUPPLY_CAP, VAULT_MARKET_REMOVAL, VAULT_TIMELOCK, VAULT_GUARDIAN, VAULT_FEE];

/** The vault a change's market names, and the Morpho Blue market after the colon, if any. Pure. */
export function splitVaultMarket(market: string | undefined): { vault?: string; blueMarket?: string } {
  if (!market) return {};
  const at = market.indexOf(':');
  return at < 0 ? { vault: market } : { vault: market.slice(0, at), blueMarket: market.slice(at + 1) };
}
