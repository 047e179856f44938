import { formatPercent, NBSP, withUnit } from '../simulate/format.js';

/** "0.5 point", "1.5 points", "4 points": a move of a percentage, in bps, as percentage points. */
export function points(bps: number): string {
  const value = Math.round((Math.abs(bps) / 100) * 100) / 100;
  return withUnit(String(value), value === 1 ? 'point' : 'points');
}

/** "3 days", "16 hours", "90 minutes": a delay as people say it. */
export function delayWords(seconds: number): string {
  const unit = seconds % 86_400 === 0 ? { size: 86_400, name: 'day' } : seconds % 3_600 === 0 ? { size: 3_600, name: 'hour' } : { size: 60, name: 'minute' };
  const count = Math.round((seconds / unit.size) * 100) / 100;
  return withUnit(String(count), count === 1 ? unit.name : `${unit.name}s`);
}

/** "3-day", "16-hour": a delay as an adjective ("at 3-day intervals"). */
export const delayAdjective = (seconds: number): string => delayWords(seconds).replace(NBSP, '-').replace(/s$/, '');

/** "83 %": a value in bps as a percent. */
export const bpsPercent = (bps: number): string => formatPercent(bps / 10_000);

/** "WETH and USDC", "WETH, USDC and DAI". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A label without its article ("the liquidation threshold" → "liquidation threshold"). */
export const bare = (label: string): string => label.replace(/^the /, '');

/** "3 steward steps", "1 SP-BEAM move": a count with its plural words made singular for one. */
export const stepCount = (count: number, words: string): string => `${count} ${count === 1 ? words.replace(/s$/, '') : words}`;
