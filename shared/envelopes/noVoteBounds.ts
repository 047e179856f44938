import type { Mechanism } from '../contract/mechanisms.js';
import type { LendingAccount } from '../domain/position.js';
import type { Upstreams } from '../upstream/upstreams.js';

/**
 * What a module declares about the changes that reach its users without a vote: for every parameter
 * a steward, a risk oracle or a rate module may move on its own, the bound its contract enforces;
 * and every guardian power, in words, where no bound sizes it. Plain data, read by the envelope
 * calculation (worstWithoutVote.ts); each entry names the file and commit it was read from.
 */
export interface NoVoteBounds {
  bounds: readonly ParameterBound[];
  guardians: readonly GuardianPower[];
}

/**
 * The largest move of one step: `absolute` in the parameter's own bps (an LT may move 50 bps), or
 * `relative`, a share of the value before the step (a cap may move 100 % of itself).
 */
export type LargestStep = { kind: 'absolute'; bps: number } | { kind: 'relative'; share: number };

/** Where a bound was read: from the chain at scan time, or the module's declared default (its deploy script or test config). */
export type BoundOrigin = 'chain' | 'declared';

export interface ParameterBound {
  /** The parameter kind it moves, as changes name it (`liquidationThreshold`, `eModeLiquidationThreshold`, `ssr`, `stabilityFee`). */
  parameter: string;
  /** The markets it holds on (a lending market, an ilk); absent: every market of the module. */
  markets?: readonly string[];
  /** The only assets (by symbol) or eMode category ids the actor may move (an injector's whitelist); absent: all but the restricted. */
  only?: readonly (string | number)[];
  /** Assets (by symbol) or eMode category ids the actor may not move (the steward's restricted list). */
  restricted?: readonly (string | number)[];
  largestStep: LargestStep;
  /** Least time between two steps, seconds. */
  minDelaySeconds: number;
  /**
   * What the delay is counted from: `parameter`, the last change of the same parameter of the same
   * asset (a steward's per-parameter debounce); `module`, the last change of any parameter the
   * actor moves (SP-BEAM's one cooldown for every rate).
   */
  delayScope: 'parameter' | 'module';
  /** Lowest and highest value a step may reach, bps; a value outside is first brought inside, as SP-BEAM does. */
  floorBps?: number;
  ceilingBps?: number;
  /** Who may act, in words ("the market’s risk council (a Safe), through its steward contract"). */
  actor: string;
  /** How one step reads in a sentence ("steward steps", "SP-BEAM moves"). */
  stepWords: string;
  mechanisms: readonly Mechanism[];
  origin: BoundOrigin;
  /**
   * When the actor last moved this parameter, unix seconds, by lower-case asset symbol or eMode
   * category id (a steward's per-asset timelock), where the chain was read: the first step then
   * waits out the rest of the delay. Absent for a key: its first step is assumed at once.
   */
  lastChangedAt?: Readonly<Record<string, number>>;
  /** Why the chain could not be read for a bound it holds ("the Ethereum upstream did not answer"): the declared default stands in, and says so. */
  unreadBecause?: string;
  /** The file and commit the bound was read from: `owner/repo path@commit`. */
  source: string;
  /** Where a person reads it: the file at that commit, or the contract on an explorer. */
  sourceUrl: string;
}

export interface GuardianPower {
  /** The markets it reaches; absent: every market of the module. */
  markets?: readonly string[];
  /** Who may act, in words. */
  actor: string;
  /** What one action does to a position, in words, with nothing it cannot bound ("freeze an asset at once: …"). */
  does: string;
  mechanisms: readonly Mechanism[];
  source: string;
  sourceUrl: string;
}

/**
 * What a module may read its bounds with at scan time (ModuleInfo.noVoteBounds): the upstreams, a
 * deadline, and the wallet's lending accounts of that module, so it asks only the markets and
 * assets an envelope will reach. Without it a module answers its declared defaults.
 */
export interface NoVoteBoundsContext {
  upstreams: Upstreams;
  signal: AbortSignal;
  accounts: readonly LendingAccount[];
}

/** How far ahead an envelope looks. */
export const ENVELOPE_HORIZON_DAYS = 7;
