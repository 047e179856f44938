import type { NoVoteBounds, ParameterBound } from '../../envelopes/noVoteBounds.js';
import { SKY_MARKETS } from './names.js';
import { SP_BEAM_BOUNDS } from './spBeamLimits.js';

/** spells-mainnet at the 2026-05-07 spell, whose test config states SP-BEAM's bounds (SP_tau, SP_ssr_*, SP_dsr_*, each ilk's SP_*). */
const CONFIG_COMMIT = '17aee91ed7857b65d4814ef8cf3694fc9d70e1cf';
const CONFIG = {
  source: `sky-ecosystem/spells-mainnet src/test/config.sol@${CONFIG_COMMIT.slice(0, 7)}`,
  sourceUrl: `https://github.com/sky-ecosystem/spells-mainnet/blob/${CONFIG_COMMIT}/src/test/config.sol`,
};

/**
 * SP-BEAM (makerdao/sp-beam src/SPBEAM.sol @eaadd53, set()): a facilitator (`buds`, SP_bud
 * 0xe1c6…0309 in the config) moves a rate by at most `step` bps from its old value brought inside
 * [min, max], never outside them, and no batch before `toc + tau`: one cooldown for every rate
 * together. Declared from the spell's test config, not yet read from `cfgs(id)` and `tau()`.
 */
const spBeam = (parameter: string, markets: readonly string[], cfg: { min: number; max: number; step: number }): ParameterBound => ({
  parameter,
  markets,
  largestStep: { kind: 'absolute', bps: cfg.step },
  minDelaySeconds: SP_BEAM_BOUNDS.tauSeconds,
  delayScope: 'module',
  floorBps: cfg.min,
  ceilingBps: cfg.max,
  actor: 'an SP-BEAM facilitator',
  stepWords: 'SP-BEAM moves',
  mechanisms: ['steward'],
  origin: 'declared',
  ...CONFIG,
});

/** The ilks whose stability fee SP-BEAM moves (SP_enabled true), by their bounds in the same config. */
const FEE_ILKS_2_TO_30 = ['ETH-A', 'ETH-B', 'ETH-C', 'WBTC-A', 'WBTC-B', 'WBTC-C', 'WSTETH-A', 'WSTETH-B'];
const FEE_ILKS_0_TO_30 = ['ALLOCATOR-SPARK-A', 'ALLOCATOR-NOVA-A', 'ALLOCATOR-BLOOM-A', 'ALLOCATOR-OBEX-A', 'ALLOCATOR-PATTERN-A', 'ALLOCATOR-PRYSM-A', 'ALLOCATOR-INTERVAL-A'];

export const SKY_NO_VOTE_BOUNDS: NoVoteBounds = {
  bounds: [
    spBeam('ssr', [SKY_MARKETS.susds], SP_BEAM_BOUNDS.SSR),
    spBeam('dsr', [SKY_MARKETS.sdai], SP_BEAM_BOUNDS.DSR),
    spBeam('stabilityFee', FEE_ILKS_2_TO_30, { min: 200, max: 3000, step: 400 }),
    spBeam('stabilityFee', FEE_ILKS_0_TO_30, { min: 0, max: 3000, step: 400 }),
  ],
  // SPBEAMMom halts SP-BEAM (bad = 1) without the GSM delay: it stops moves, it makes none.
  guardians: [],
};
