import type { ParameterChange } from '../domain/parameterChange.js';
import type { ExposurePosition } from '../domain/position.js';
import type { Effect } from './effect.js';
import { asFraction } from './changeValues.js';
import { formatNumber, formatPercent, formatUsd, withUnit } from './format.js';
import { levelForListing } from './levels.js';
import type { Names } from './unsimulatedEffects.js';

/** Changes that alter what a holder may do, not what the position earns: stated, not priced. */
export const SHAPE_PARAMETERS: ReadonlySet<string> = new Set(['listing', 'supplyCap', 'borrowCap', 'debtCeiling', 'liquidationProtocolFee', 'withdrawalFee', 'depositFee']);

/**
 * What one change of shape does to one position it reaches: a listing's new state, a cap (new
 * supply or borrowing stops there; what is held stays), the protocol's share of a liquidation
 * bonus (it does not change what a liquidated account loses), an exit or entry fee (money only
 * when the holder acts, so stated, never counted as impact). Pure.
 */
export function shapeEffect(change: ParameterChange, { position, inputs }: ExposurePosition, names: Pick<Names, 'marketName'>): Effect {
  const subject = change.asset ?? (change.market && names.marketName(change.protocol, change.market)) ?? position.asset;
  const base = { assets: [position.asset], simulated: true };
  switch (change.parameter) {
    case 'listing': {
      const state = String(change.to);
      return { ...base, level: levelForListing(state), summary: `${subject} becomes ${state}; your ${position.asset} position is in it.`, estimatedChange: `${change.from ?? 'current'} → ${state}` };
    }
    case 'supplyCap':
    case 'borrowCap':
    case 'debtCeiling': {
      const what = change.parameter === 'supplyCap' ? 'supply' : change.parameter === 'borrowCap' ? 'borrowing' : 'isolated debt';
      const unit = change.parameter === 'debtCeiling' ? 'USD' : (change.asset ?? position.asset);
      const cut = typeof change.from === 'number' && typeof change.to === 'number' && change.to < change.from;
      return {
        ...base,
        level: cut ? 'low' : 'none',
        summary: `New ${what} of ${subject} is capped at ${withUnit(formatNumber(Number(change.to)), unit)}${typeof change.from === 'number' ? ` (was ${formatNumber(change.from)})` : ''}; what you hold stays.`,
      };
    }
    case 'liquidationProtocolFee':
      return { ...base, level: 'none', summary: `The protocol's share of the liquidation bonus on ${subject} changes; what a liquidated account loses does not.` };
    default: {
      const to = asFraction(change.to, change.unit);
      const from = asFraction(change.from, change.unit) ?? (change.parameter === 'withdrawalFee' ? inputs.withdrawalFee : undefined);
      const action = change.parameter === 'withdrawalFee' ? 'Withdrawing' : 'Depositing';
      if (to === undefined) return { ...base, level: 'low', summary: `${action} fee of ${subject} changes.`, simulated: false };
      const cost = inputs.valueUsd === undefined ? '' : ` (about ${formatUsd(inputs.valueUsd * to)} on what you hold)`;
      return {
        ...base,
        level: from !== undefined && to > from ? 'low' : 'none',
        summary: `${action} ${subject} would cost ${formatPercent(to)}${cost}${from === undefined ? '' : ` instead of ${formatPercent(from)}`}; nothing is charged unless you do.`,
      };
    }
  }
}
