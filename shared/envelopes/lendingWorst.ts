import type { EnvelopeAssumption } from '../contract/envelope.js';
import type { Mechanism } from '../contract/mechanisms.js';
import type { ParameterChange } from '../domain/parameterChange.js';
import type { LendingAccount } from '../domain/position.js';
import { applyToCollateral, jointHealthFactor } from '../simulate/lendingEffects.js';
import { assumptionOf } from './assumptionOf.js';
import { boundedMove, stepsTaken } from './boundedMove.js';
import type { ParameterBound } from './noVoteBounds.js';
import { stepsWithin } from './stepsWithin.js';

/** The parameters whose fall lowers a lending account's health factor: the reserve's LT and its eMode category's. */
export const HEALTH_PARAMETERS = ['liquidationThreshold', 'eModeLiquidationThreshold'] as const;

export interface LendingWorst {
  /** Each bounded step that moves the account, with its bound. */
  assumptions: EnvelopeAssumption[];
  /** The changes assumed, as the simulator applies them: one per threshold, every bound on it together. */
  changes: ParameterChange[];
  /** Health factor now and at worst; absent without debt. */
  healthFactor?: { now: number; worst: number };
  mechanisms: Mechanism[];
  /** The bounds that reached the account, for the summary: whose thresholds, by how many steps, the largest fall. */
  reached: { bound: ParameterBound; steps: number; subjects: string[]; largestFallBps: number }[];
}

const inMarket = (bound: { markets?: readonly string[] }, market: string) => bound.markets === undefined || bound.markets.includes(market);
const listed = (list: readonly (string | number)[] | undefined, key: string | number) => (list ?? []).some((entry) => String(entry).toLowerCase() === String(key).toLowerCase());
const mayMove = (bound: ParameterBound, key: string | number) => !listed(bound.restricted, key) && (bound.only === undefined || listed(bound.only, key));

/** One threshold the account counts, and the bounds that may lower it. */
interface Threshold {
  /** Whose threshold, for sentences ("WETH", "the ETH correlated eMode category"). */
  whose: string;
  /** Its key in a bound's `lastChangedAt`: the lower-case symbol, or the category id. */
  key: string;
  from: number;
  change: Omit<ParameterChange, 'from' | 'to'>;
  bounds: ParameterBound[];
}

/**
 * The lowest health factor the bounds allow a lending account within the horizon: every collateral's
 * liquidation threshold (and its eMode category's) lowered by the largest steps its bounds allow,
 * all at once, then the account's health factor after them by the simulator's own joint calculation
 * (jointHealthFactor, the one the oracle tests check against the pools' code). Two actors with
 * their own debounce on the same threshold (a manual steward and a risk oracle's steward) add up:
 * each step is checked against the value the pool holds then. A threshold the account does not
 * count (a reserve's own LT inside eMode) is left out. Undefined when no bound reaches it. Pure.
 */
export function lendingWorst(protocol: string, account: LendingAccount, bounds: readonly ParameterBound[], horizonSeconds: number, labelOf: (parameter: string) => string, nowSeconds?: number): LendingWorst | undefined {
  const ofMarket = bounds.filter((bound) => (HEALTH_PARAMETERS as readonly string[]).includes(bound.parameter) && inMarket(bound, account.market));
  const base = { protocol, market: account.market, unit: 'bps' as const, verified: true };
  const thresholds: Threshold[] = account.collateral.map((collateral) => ({
    whose: collateral.asset,
    key: collateral.asset.toLowerCase(),
    from: collateral.liquidationThreshold,
    change: { ...base, parameter: 'liquidationThreshold', asset: collateral.asset, evidence: 'envelope' },
    bounds: ofMarket.filter((bound) => bound.parameter === 'liquidationThreshold' && mayMove(bound, collateral.asset)),
  }));
  const eMode = account.eMode;
  if (eMode) {
    thresholds.push({
      whose: `the ${eMode.label ? `${eMode.label} ` : ''}eMode category`,
      key: String(eMode.id),
      from: eMode.liquidationThreshold,
      change: { ...base, parameter: 'eModeLiquidationThreshold', eModeCategory: eMode.id, evidence: 'envelope' },
      bounds: ofMarket.filter((bound) => bound.parameter === 'eModeLiquidationThreshold' && mayMove(bound, eMode.id)),
    });
  }
  const moved = thresholds.flatMap((threshold) => {
    let value = threshold.from;
    const steps = threshold.bounds.map((bound) => {
      const lastChangedAt = bound.lastChangedAt?.[threshold.key];
      // A last change read from chain pushes the first step back by what is left of the delay.
      const since = lastChangedAt !== undefined && nowSeconds !== undefined ? Math.max(0, nowSeconds - lastChangedAt) : undefined;
      const count = stepsWithin(horizonSeconds, bound.minDelaySeconds, since);
      const from = value;
      value = boundedMove(value, bound, count, 'down');
      const timing = since === undefined ? {} : { lastChangedAt: lastChangedAt!, firstStepAt: nowSeconds! + Math.max(0, bound.minDelaySeconds - since), waits: since < bound.minDelaySeconds };
      return { bound, count: stepsTaken(from, value, bound, count), from, to: value, timing };
    });
    const change: ParameterChange = { ...threshold.change, from: threshold.from, to: value, evidence: `envelope: ${threshold.bounds.map((bound) => bound.source).join('; ')}` };
    // Only a threshold the account counts moves it (applyToCollateral: inside eMode the category's replaces the reserve's).
    const counts = value !== threshold.from && applyToCollateral(account, [change]).some(({ before, after }) => before.liquidationThreshold !== after.liquidationThreshold);
    return counts ? [{ threshold, change, steps: steps.filter((step) => step.to !== step.from) }] : [];
  });
  if (moved.length === 0) return undefined;
  const changes = moved.map(({ change }) => change);
  const worst = jointHealthFactor(account, changes);
  const reached = new Map<ParameterBound, LendingWorst['reached'][number]>();
  for (const { threshold, steps } of moved) {
    for (const { bound, count, from, to } of steps) {
      const entry = reached.get(bound) ?? { bound, steps: 0, subjects: [], largestFallBps: 0 };
      entry.steps = Math.max(entry.steps, count);
      entry.subjects.push(threshold.whose);
      entry.largestFallBps = Math.max(entry.largestFallBps, from - to);
      reached.set(bound, entry);
    }
  }
  return {
    assumptions: moved.flatMap(({ threshold, change, steps }) =>
      steps.map(({ bound, count, from, to, timing }) => assumptionOf(bound, { subject: `${threshold.whose}’s ${labelOf('liquidationThreshold')}`, parameter: change.parameter, from, to, steps: count, ...timing })),
    ),
    changes,
    ...(worst !== undefined && account.healthFactor !== undefined && { healthFactor: { now: account.healthFactor, worst: Math.min(account.healthFactor, worst) } }),
    mechanisms: [...new Set(moved.flatMap(({ steps }) => steps.flatMap(({ bound }) => bound.mechanisms)))],
    reached: [...reached.values()],
  };
}
