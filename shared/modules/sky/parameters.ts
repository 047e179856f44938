import type { ParameterKind } from '../../domain/parameterKind.js';

/**
 * The savings rates: the SSR that sUSDS pays (SUsds.file("ssr")) and the DSR that the Pot pays DAI
 * and sDAI (Pot.file("dsr")), set by executive spell or by SP-BEAM. On chain each is a per-second
 * ray; a change states it as the yearly rate it compounds to (spells-mainnet src/test/rates.sol
 * maps bps to the ray), as a fraction.
 */
export const SKY_PARAMETERS: readonly ParameterKind[] = [
  { name: 'ssr', unit: 'fraction', label: 'the Sky Savings Rate', tableLabel: /^(ssr|sky savings rate|susds rate)$/ },
  { name: 'dsr', unit: 'fraction', label: 'the DAI Savings Rate', tableLabel: /^(dsr|dai savings rate|sdai rate)$/ },
  // A vault type's (ilk's) stability fee (Jug.file(ilk, "duty")) and liquidation ratio (Spot.file(ilk, "mat")); a change names the ilk as its market.
  { name: 'stabilityFee', unit: 'fraction', label: 'the stability fee', tableLabel: /^(stability fee|sf)$/ },
  { name: 'mat', unit: 'fraction', label: 'the liquidation ratio', tableLabel: /^(liquidation ratio|mat|lr)$/ },
  // The GSM pause delay (MCD_PAUSE delay): the notice every executive spell gives between its plot and its cast, in seconds.
  { name: 'gsmDelay', unit: 'state', label: 'the GSM pause delay (notice before a spell can be cast), in seconds', tableLabel: /^(gsm( pause)?( delay)?|pause delay)$/ },
  // DssAutoLine's gap: how far above an ilk's debt its ceiling is raised at a time (the ceiling's maximum is `debtCeiling`).
  { name: 'autoLineGap', unit: 'tokens', label: 'the debt ceiling’s step (autoline gap)', tableLabel: /^(gap|autoline gap|dc-iam gap)$/ },
];
