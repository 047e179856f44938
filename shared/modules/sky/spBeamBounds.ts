import type { NoVoteBounds, NoVoteBoundsContext, ParameterBound } from '../../envelopes/noVoteBounds.js';
import { isoFromUnixSeconds } from '../../governance/time.js';
import { SKY_MARKETS } from './names.js';
import { spBeamConfigReadOn } from './spBeamReadMemo.js';
import { FEE_ILKS_0_TO_30, FEE_ILKS_2_TO_30, SP_BEAM, SP_BEAM_BOUNDS, type SpBeamBounds, type SpBeamConfig } from './spBeamLimits.js';

/** spells-mainnet at the 2026-05-07 spell, whose test config states SP-BEAM's bounds (SP_tau, SP_ssr_*, SP_dsr_*, each ilk's SP_*). */
const CONFIG_COMMIT = '17aee91ed7857b65d4814ef8cf3694fc9d70e1cf';
const CONFIG = {
  source: `sky-ecosystem/spells-mainnet src/test/config.sol@${CONFIG_COMMIT.slice(0, 7)}`,
  sourceUrl: `https://github.com/sky-ecosystem/spells-mainnet/blob/${CONFIG_COMMIT}/src/test/config.sol`,
};

/** What an SP-BEAM id moves: "SSR" the sUSDS rate, "DSR" the sDAI one, any other id an ilk's stability fee. */
const movedBy = (id: string): { parameter: string; markets: readonly string[] } =>
  id === 'SSR' ? { parameter: 'ssr', markets: [SKY_MARKETS.susds] } : id === 'DSR' ? { parameter: 'dsr', markets: [SKY_MARKETS.sdai] } : { parameter: 'stabilityFee', markets: [id] };

/**
 * SP-BEAM (makerdao/sp-beam src/SPBEAM.sol @eaadd53, set()): a facilitator (`buds`, SP_bud
 * 0xe1c6…0309 in the config) moves a rate by at most `step` bps from its old value brought inside
 * [min, max], never outside them, and no batch before `toc + tau`: one cooldown for every rate
 * together.
 */
const spBeam = (parameter: string, markets: readonly string[], cfg: SpBeamBounds, tauSeconds: number): Omit<ParameterBound, 'origin' | 'source' | 'sourceUrl'> => ({
  parameter,
  markets,
  largestStep: { kind: 'absolute', bps: cfg.step },
  // A tau of 0 lets batches follow each other at once: one second stands for "no wait" (a delay must be positive).
  minDelaySeconds: Math.max(1, tauSeconds),
  delayScope: 'module',
  floorBps: cfg.min,
  ceilingBps: cfg.max,
  actor: 'an SP-BEAM facilitator',
  stepWords: 'SP-BEAM moves',
  mechanisms: ['steward'],
});

const declared = (parameter: string, markets: readonly string[], cfg: SpBeamBounds, unreadBecause?: string): ParameterBound => ({
  ...spBeam(parameter, markets, cfg, SP_BEAM_BOUNDS.tauSeconds),
  origin: 'declared',
  ...(unreadBecause !== undefined && { unreadBecause }),
  ...CONFIG,
});

/** The declared defaults (the 2026-05-07 config), saying why the chain was not read where it was tried. Pure. */
export const declaredSkyBounds = (unreadBecause?: string): NoVoteBounds => ({
  bounds: [
    declared('ssr', [SKY_MARKETS.susds], SP_BEAM_BOUNDS.SSR, unreadBecause),
    declared('dsr', [SKY_MARKETS.sdai], SP_BEAM_BOUNDS.DSR, unreadBecause),
    declared('stabilityFee', FEE_ILKS_2_TO_30, { min: 200, max: 3000, step: 400 }, unreadBecause),
    declared('stabilityFee', FEE_ILKS_0_TO_30, { min: 0, max: 3000, step: 400 }, unreadBecause),
  ],
  // SPBEAMMom halts SP-BEAM (bad = 1) without the GSM delay: it stops moves, it makes none.
  guardians: [],
});

export const SKY_NO_VOTE_BOUNDS: NoVoteBounds = declaredSkyBounds();

/** "2026-11-22 12:00 UTC": when the chain was read, in the bound's source. */
const utcMinute = (seconds: number) => `${isoFromUnixSeconds(seconds)?.slice(0, 16).replace('T', ' ') ?? 'an unknown time'}\u00a0UTC`;

/**
 * SP-BEAM's bounds as read from the chain (cfgs, tau, toc, bad at one block): one bound per
 * configured rate (a step of 0 is a rate set() refuses, so nothing bounds a move of it without a
 * vote: none), each carrying the last set()'s time so the first step waits out the rest of the
 * cooldown (toc is one for every rate: `delayScope` module). Halted (`bad` = 1): no bound at all,
 * since no set() succeeds until a spell lifts it. Pure.
 */
export function skyChainBounds(config: SpBeamConfig): NoVoteBounds {
  if (config.halted) return { bounds: [], guardians: [] };
  const source = { source: `SP-BEAM ${SP_BEAM} on Ethereum: cfgs, tau and toc, read at ${utcMinute(config.readAt)}`, sourceUrl: `https://etherscan.io/address/${SP_BEAM}#readContract` };
  const bounds = Object.entries(config.rates)
    .filter(([, cfg]) => cfg.step > 0)
    .map(([id, cfg]): ParameterBound => {
      const { parameter, markets } = movedBy(id);
      return { ...spBeam(parameter, markets, cfg, config.tauSeconds), origin: 'chain', ...(config.lastSetAt > 0 && { lastChangedAt: { 'sp-beam': config.lastSetAt } }), ...source };
    });
  return { bounds, guardians: [] };
}

/**
 * Sky's bounds for one scan (ModuleInfo.noVoteBounds): with a context (a real wallet), SP-BEAM's as
 * the exposure read them from the chain in its own first round (spBeamReadMemo.ts: no request of
 * its own), or the declared defaults, saying why, where that read failed; without one (the demo,
 * the catalog), the declared defaults.
 */
export async function skyNoVoteBounds(context?: NoVoteBoundsContext): Promise<NoVoteBounds> {
  if (!context) return SKY_NO_VOTE_BOUNDS;
  const config = spBeamConfigReadOn(context.upstreams.ethereum);
  return config ? skyChainBounds(config) : declaredSkyBounds('SP-BEAM could not be read on Ethereum with the positions');
}
