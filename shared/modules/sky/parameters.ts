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
];
