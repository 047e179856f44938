import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import type { Effect } from './effect.js';
import { formatAmount, formatPercent, formatUsd, withUnit } from './format.js';
import { levelForUsd } from './levels.js';
import { rateAfter } from './rateAfter.js';
import type { Registered } from './registered.js';

const labelsOf = (changes: readonly ParameterChange[], registered: Registered) => [...new Set(changes.map((change) => registered.kinds.get(change.parameter)?.label ?? change.parameter))].join(', ');

/**
 * What a proposal's rate and fee changes, together, do to one position's yearly money at today's
 * balance: USD where the position is priced, else the asset's own units (graded low at most, as
 * the USD bands cannot be applied). Pure.
 */
export function yearlyEffect(changes: readonly ParameterChange[], { position, inputs }: ExposurePosition, registered: Registered): Effect {
  const aprAfter = rateAfter(inputs, changes, registered);
  const apr = inputs.apr;
  if (aprAfter === undefined || apr === undefined) {
    return { level: 'low', summary: `${capitalize(labelsOf(changes, registered))} changes for ${position.asset}; the inputs to compute its rate were not read.`, assets: [position.asset], simulated: false };
  }
  const pays = inputs.role === 'borrow';
  const sign = pays ? -1 : 1;
  const rates = `${formatPercent(apr)} → ${formatPercent(aprAfter)}`;
  const still = `${capitalize(labelsOf(changes, registered))} changes, but not the rate your ${position.asset} position ${pays ? 'pays' : 'earns'}.`;
  if (inputs.valueUsd === undefined) {
    const yearly = Number(position.amount) * (aprAfter - apr) * sign;
    const moves = Number.isFinite(yearly) && Math.abs(yearly) > 0;
    const direction = (yearly < 0) === pays ? 'more' : 'less';
    const amount = withUnit(formatAmount(Math.abs(yearly)), position.asset);
    return {
      level: moves ? 'low' : 'none',
      summary: moves ? `Your ${position.asset} position ${pays ? 'costs' : 'earns'} about ${amount} ${direction} a year (no USD price was read).` : still,
      ...(moves && { estimatedChange: `about ${amount} a year ${direction} (${rates})` }),
      assets: [position.asset],
      simulated: true,
      yearly: { asset: position.asset, aprBefore: apr, aprAfter },
    };
  }
  const yearly = inputs.valueUsd * (aprAfter - apr) * sign;
  const direction = (yearly < 0) === pays ? 'more' : 'less';
  const moves = Math.abs(yearly) >= 0.005;
  return {
    level: levelForUsd(yearly, inputs.valueUsd),
    summary: moves ? `Your ${position.asset} position ${pays ? 'costs' : 'earns'} about ${formatUsd(yearly)} ${direction} a year.` : still,
    ...(moves && { estimatedChange: `about ${formatUsd(yearly)} a year ${direction} (${rates})`, usd: round2(yearly) }),
    assets: [position.asset],
    simulated: true,
    yearly: { asset: position.asset, aprBefore: apr, aprAfter, usd: round2(yearly) },
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const round2 = (value: number) => Math.round(value * 100) / 100;
