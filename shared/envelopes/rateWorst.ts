import type { EnvelopeAssumption } from '../contract/envelope.js';
import type { Mechanism } from '../contract/mechanisms.js';
import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import type { Registered } from '../simulate/registered.js';
import { touches } from '../simulate/touches.js';
import { yearlyEffect } from '../simulate/yearlyEffect.js';
import { assumptionOf } from './assumptionOf.js';
import { boundedMove, stepsTaken } from './boundedMove.js';
import type { ParameterBound } from './noVoteBounds.js';
import { stepsWithin } from './stepsWithin.js';

export interface RateWorst {
  assumption: EnvelopeAssumption;
  bound: ParameterBound;
  change: ParameterChange;
  /** What the position earns (or pays) a year, USD, now and at the worst rate; the simulator's yearly change between them. */
  yearlyUsd: { now: number; worst: number };
  /** The simulator's yearly change from the wallet's side (negative: the wallet loses), USD. */
  changeUsd: number;
  pays: boolean;
  valueUsd: number;
  mechanisms: Mechanism[];
}

/**
 * The worst yearly rate the bounds allow one priced rate position within the horizon: down for what
 * it earns, up for what it pays, by as many steps as the bound's delay leaves room for; the
 * position is reached when the simulator's own `touches` says a change of that parameter reaches
 * it, and the money is the simulator's yearly change (yearlyEffect, through the module's
 * calculator). Undefined when no bound reaches it or it has no USD value or rate. Pure.
 */
export function rateWorst(exposure: ExposurePosition, bounds: readonly ParameterBound[], horizonSeconds: number, registered: Registered, nowSeconds?: number): RateWorst | undefined {
  const { position, inputs } = exposure;
  if (inputs.apr === undefined || inputs.valueUsd === undefined || !(inputs.valueUsd > 0)) return undefined;
  const pays = inputs.role === 'borrow';
  // A rate read from a per-second ray carries float noise past the bps its module sets (SP-BEAM: whole bps).
  const fromBps = Math.round(inputs.apr * 10_000 * 1e4) / 1e4;
  for (const bound of bounds) {
    for (const market of bound.markets ?? [inputs.market ?? position.market]) {
      if (market === undefined) continue;
      const lastChangedAt = lastChangeOf(bound, position.asset);
      // A last change read from chain pushes the first step back by what is left of the delay.
      const since = lastChangedAt !== undefined && nowSeconds !== undefined ? Math.max(0, nowSeconds - lastChangedAt) : undefined;
      const steps = stepsWithin(horizonSeconds, bound.minDelaySeconds, since);
      const timing = since === undefined ? {} : { lastChangedAt: lastChangedAt!, firstStepAt: nowSeconds! + Math.max(0, bound.minDelaySeconds - since), waits: since < bound.minDelaySeconds };
      const to = boundedMove(fromBps, bound, steps, pays ? 'up' : 'down');
      const change: ParameterChange = { protocol: position.protocol, market, parameter: bound.parameter, from: fromBps, to, unit: 'bps', verified: true, evidence: `envelope: ${bound.source}` };
      // Only a kind that is the position's rate itself (a savings rate, a stability fee: its module's calculator
      // returns the change as the new rate); a curve parameter (a slope) moves the rate through a model instead.
      if (!registered.calculatorOf(change)?.rateAfter || !touches(change, exposure, registered)) continue;
      const effect = yearlyEffect([change], exposure, registered);
      const changeUsd = effect.yearly?.usd ?? 0;
      const now = round2(inputs.valueUsd * inputs.apr);
      const worst = round2(now + (pays ? -changeUsd : changeUsd));
      const label = registered.parameterLabel(bound.parameter);
      return {
        assumption: assumptionOf(bound, { subject: label, parameter: bound.parameter, from: fromBps, to, steps: stepsTaken(fromBps, to, bound, steps), ...timing }),
        bound,
        change,
        yearlyUsd: { now, worst: pays ? Math.max(now, worst) : Math.min(now, worst) },
        changeUsd: Math.min(0, changeUsd),
        pays,
        valueUsd: inputs.valueUsd,
        mechanisms: [...bound.mechanisms],
      };
    }
  }
  return undefined;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * When the actor last moved what this position earns or pays, where the chain was read: for a
 * module-wide cooldown (SP-BEAM's `toc`, one for every rate) the latest change it holds, else the
 * change of the position's own asset (by lower-case symbol).
 */
function lastChangeOf(bound: ParameterBound, asset: string): number | undefined {
  const changes = bound.lastChangedAt;
  if (!changes) return undefined;
  if (bound.delayScope === 'module') return Object.values(changes).reduce<number | undefined>((latest, at) => (latest === undefined || at > latest ? at : latest), undefined);
  return changes[asset.toLowerCase()];
}
