import type { Envelope } from '../contract/envelope.js';
import type { Mechanism } from '../contract/mechanisms.js';
import type { ExposurePosition, LendingAccount } from '../domain/position.js';
import { formatHealthFactors, formatUsd, withUnit } from '../simulate/format.js';
import { levelForWorstCase } from '../simulate/levels.js';
import type { Registered } from '../simulate/registered.js';
import { guardianAssumption } from './assumptionOf.js';
import { bare, bpsPercent, delayAdjective, delayWords, listWords, points, stepCount } from './envelopeWords.js';
import { type LendingWorst, lendingWorst } from './lendingWorst.js';
import { ENVELOPE_HORIZON_DAYS, type GuardianPower, type NoVoteBounds } from './noVoteBounds.js';
import { rateWorst } from './rateWorst.js';

export interface EnvelopesOfParameters {
  positions: readonly ExposurePosition[];
  /** Each module's declared bounds, by protocol slug. */
  bounds: ReadonlyMap<string, NoVoteBounds>;
  registered: Registered;
  horizonDays?: number;
  /** The scan's time: where a bound carries its last change (read from chain), the first step waits for its delay from it. */
  now?: Date;
}

const inMarket = (entry: { markets?: readonly string[] }, market: string) => entry.markets === undefined || entry.markets.includes(market);

/**
 * The worst case without a vote for every lending account and rate position the declared bounds
 * reach: one envelope per lending account (its health factor at the lowest the stewards' steps
 * allow, and what a guardian may do at once) and one per priced rate position (its yearly money at
 * the worst rate a rate module allows). Pure: the bounds, the positions and the simulator's
 * registered calculators are all it reads.
 */
export function envelopesOf({ positions, bounds, registered, horizonDays = ENVELOPE_HORIZON_DAYS, now }: EnvelopesOfParameters): Envelope[] {
  const horizonSeconds = horizonDays * 86_400;
  const envelopes: Envelope[] = [];
  const accounts = new Map<string, { protocol: string; account: LendingAccount }>();
  for (const { position, inputs } of positions) {
    if (inputs.account && !accounts.has(`${position.protocol}|${inputs.account.market}`)) accounts.set(`${position.protocol}|${inputs.account.market}`, { protocol: position.protocol, account: inputs.account });
  }
  for (const { protocol, account } of accounts.values()) {
    const declared = bounds.get(protocol);
    if (!declared) continue;
    const worst = lendingWorst(protocol, account, declared.bounds, horizonSeconds, (parameter) => bare(registered.parameterLabel(parameter)), now && Math.floor(now.getTime() / 1000));
    const guardians = declared.guardians.filter((power) => inMarket(power, account.market));
    if (!worst && guardians.length === 0) continue;
    const market = registered.marketName(protocol, account.market);
    const healthFactor = worst?.healthFactor ?? (account.healthFactor !== undefined && account.debtUsd > 0 ? { now: account.healthFactor, worst: account.healthFactor } : undefined);
    const assets = account.collateral.map((collateral) => collateral.asset);
    envelopes.push({
      protocol,
      market: account.market,
      horizonDays,
      mechanisms: [...new Set<Mechanism>([...(worst?.mechanisms ?? []), ...guardians.flatMap((power) => power.mechanisms)])],
      level: levelForWorstCase({ ...(healthFactor && { healthFactor }) }),
      ...(healthFactor && { healthFactor }),
      assumptions: [...(worst?.assumptions ?? []), ...guardians.map((power) => guardianAssumption(power, listWords(assets)))],
      summary: lendingSummary(worst, guardians, { horizonDays, market, hasDebt: account.debtUsd > 0 && account.healthFactor !== undefined }),
    });
  }
  for (const exposure of positions) {
    const declared = bounds.get(exposure.position.protocol);
    if (!declared) continue;
    const worst = rateWorst(exposure, declared.bounds, horizonSeconds, registered, now && Math.floor(now.getTime() / 1000));
    if (!worst) continue;
    const { position } = exposure;
    const { bound, assumption } = worst;
    const verb = worst.pays ? 'pays' : 'earns';
    const direction = worst.pays ? 'rise' : 'fall';
    envelopes.push({
      protocol: position.protocol,
      market: worst.change.market ?? position.market ?? '',
      asset: position.asset,
      horizonDays,
      mechanisms: worst.mechanisms,
      level: levelForWorstCase({ yearlyUsd: { changeUsd: worst.changeUsd, valueUsd: worst.valueUsd } }),
      yearlyUsd: worst.yearlyUsd,
      assumptions: [assumption],
      summary:
        `Within ${withUnit(String(horizonDays), 'days')}, without a vote, ${assumption.subject} can ${direction} from ${bpsPercent(assumption.from!)} to ${bpsPercent(assumption.to!)} ` +
        `(${stepCount(assumption.steps!, bound.stepWords)} of at most ${bound.largestStep.kind === 'absolute' ? points(bound.largestStep.bps) : `${bound.largestStep.share * 100} %`}, one every ${delayWords(bound.minDelaySeconds)}${bound[worst.pays ? 'ceilingBps' : 'floorBps'] !== undefined ? `, never ${worst.pays ? 'above' : 'below'} ${bpsPercent(bound[worst.pays ? 'ceilingBps' : 'floorBps']!)}` : ''}): ` +
        `your ${position.asset} ${verb} about ${formatUsd(worst.yearlyUsd.now)} → ${formatUsd(worst.yearlyUsd.worst)} a year at worst.`,
    });
  }
  return envelopes;
}

function lendingSummary(worst: LendingWorst | undefined, guardians: readonly GuardianPower[], { horizonDays, market, hasDebt }: { horizonDays: number; market: string; hasDebt: boolean }): string {
  const parts: string[] = [];
  if (worst) {
    const groups = worst.reached.map(({ bound, steps, subjects, largestFallBps }) => {
      const each = subjects.length > 1 ? ' each' : '';
      const step = bound.largestStep.kind === 'absolute' ? String(bound.largestStep.bps / 100) : `${bound.largestStep.share * 100} %`;
      const whose = subjects.length > 1 ? `the liquidation thresholds of ${listWords(subjects)}` : `${subjects[0]}’s liquidation threshold`;
      return `${whose} can${each} fall by at most ${points(largestFallBps)} (${stepCount(steps, bound.stepWords)} of ${step} at ${delayAdjective(bound.minDelaySeconds)} intervals)`;
    });
    const effect = worst.healthFactor
      ? `health factor ${formatHealthFactors(worst.healthFactor.now, worst.healthFactor.worst).join(' → ')} at worst`
      : `your ${market} account has no debt, so no health factor moves`;
    parts.push(`Within ${withUnit(String(horizonDays), 'days')}, without a vote, ${groups.join('; ')}: ${effect}.`);
  } else {
    parts.push(`Within ${withUnit(String(horizonDays), 'days')}, no bounded step without a vote moves the health factor of your ${market} account${hasDebt ? '' : ' (it has no debt)'}.`);
  }
  for (const power of guardians) parts.push(`At any time, ${power.actor} can ${power.does}`);
  return parts.join(' ');
}
