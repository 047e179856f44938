/*
 * SP-BEAM's limits as plain numbers, apart from the event decoding (spBeam.ts, which loads viem):
 * the envelope's bounds read them, and the catalog and llms functions load every module's bounds.
 */

/** SP-BEAM on Ethereum (chainlog MCD_SPBEAM, spells-mainnet src/test/addresses_mainnet.sol @17aee91; test/fixtures/addresses/sky.json). */
export const SP_BEAM = '0x36B072ed8AFE665E3Aa6DaBa79Decbec63752b22' as const;

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
 * and no delay (SPBEAM.set checks each). The declared default where the chain is not read.
 */
export const SP_BEAM_BOUNDS = {
  tauSeconds: 57_600,
  SSR: { min: 200, max: 3000, step: 400 },
  DSR: { min: 0, max: 3000, step: 400 },
} as const satisfies { tauSeconds: number } & Record<'SSR' | 'DSR', SpBeamBounds>;

/** The ilks whose stability fee SP-BEAM moves (SP_enabled true in the same config), by their bounds there. */
export const FEE_ILKS_2_TO_30 = ['ETH-A', 'ETH-B', 'ETH-C', 'WBTC-A', 'WBTC-B', 'WBTC-C', 'WSTETH-A', 'WSTETH-B'] as const;
export const FEE_ILKS_0_TO_30 = ['ALLOCATOR-SPARK-A', 'ALLOCATOR-NOVA-A', 'ALLOCATOR-BLOOM-A', 'ALLOCATOR-OBEX-A', 'ALLOCATOR-PATTERN-A', 'ALLOCATOR-PRYSM-A', 'ALLOCATOR-INTERVAL-A'] as const;

/** The rates whose `cfgs(id)` is read from the chain: both savings rates and every ilk the config lets SP-BEAM move. */
export const SP_BEAM_IDS: readonly string[] = ['SSR', 'DSR', ...FEE_ILKS_2_TO_30, ...FEE_ILKS_0_TO_30];

/** SP-BEAM's state as read from the chain at one block (SPBEAM.sol @eaadd53: cfgs, tau, toc, bad). */
export interface SpBeamConfig {
  /** The time of the block read (Multicall3.getCurrentBlockTimestamp), unix seconds. */
  readAt: number;
  /** `tau`: least time between two set() batches, seconds, one cooldown for every rate. */
  tauSeconds: number;
  /** `toc`: the block time of the last set(), unix seconds; 0 before the first. */
  lastSetAt: number;
  /** `bad` = 1: SPBEAMMom halted it, and set() reverts until a spell files `bad` back to 0. */
  halted: boolean;
  /** `cfgs(id)` by id ("SSR", "DSR", an ilk); a step of 0 is a rate SP-BEAM does not configure (set() reverts). */
  rates: Readonly<Record<string, SpBeamBounds>>;
}
