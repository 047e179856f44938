/*
 * SP-BEAM's limits as plain numbers, apart from the event decoding (spBeam.ts, which loads viem):
 * the envelope's bounds read them, and the catalog and llms functions load every module's bounds.
 */

/** One rate's bounds (bps) and the cooldown shared by every set() (seconds). */
export interface SpBeamBounds {
  min: number;
  max: number;
  step: number;
}

/**
 * SP-BEAM's bounds after the 2026-05-07 spell, as its test config states them
 * (spells-mainnet src/test/config.sol @17aee91: SP_tau, SP_ssr_*, SP_dsr_*): a facilitator may
 * move a rate by at most `step` within [min, max], at most once every `tau` seconds, with no vote
 * and no delay (SPBEAM.set checks each; the module reads them from there, not from the chain yet).
 */
export const SP_BEAM_BOUNDS = {
  tauSeconds: 57_600,
  SSR: { min: 200, max: 3000, step: 400 },
  DSR: { min: 0, max: 3000, step: 400 },
} as const satisfies { tauSeconds: number } & Record<'SSR' | 'DSR', SpBeamBounds>;
