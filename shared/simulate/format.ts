/**
 * A formatter built once, at its first use: Number.prototype.toLocaleString builds an Intl
 * formatter on every call (a profile of cached scans showed it as a request's largest cost), and
 * building them at import costs every wallet function's cold start about 15 ms of ICU loading.
 */
export function formatter(options: Intl.NumberFormatOptions): { format(value: number): string } {
  let built: Intl.NumberFormat | undefined;
  return { format: (value) => (built ??= new Intl.NumberFormat('en-US', options)).format(value) };
}

const CENTS = formatter({ minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DOLLARS = formatter({ minimumFractionDigits: 0, maximumFractionDigits: 0 });
const PERCENT = formatter({ maximumFractionDigits: 2 });

/** "$310", "$2.31", "$12,400": rounded the way a person says an estimate. */
export function formatUsd(amount: number): string {
  const abs = Math.abs(amount);
  const rounded = abs >= 1000 ? Math.round(abs / 10) * 10 : abs;
  return `$${(abs < 10 ? CENTS : DOLLARS).format(rounded)}`;
}

/**
 * The space that joins a number to its unit ("83 %", "500 DAI", "3 days"): a line never breaks
 * between them, on a page or in an app that shows our summaries.
 */
export const NBSP = '\u00a0';

/** A number and its unit, joined so they never part: withUnit('500', 'DAI') // '500 DAI' (no-break space). */
export const withUnit = (number: string, unit: string): string => `${number}${NBSP}${unit}`;

/** "83 %": a fraction as a percent, joined to its sign. */
export const formatPercent = (fraction: number): string => withUnit(PERCENT.format(fraction * 100), '%');

/**
 * Two health factors side by side: three decimals whenever either is under 1.1, so a crossing of 1
 * is never hidden by rounding ("1.004 → 0.998", not "1.00 → 1.00"). Truncated, not rounded, below
 * 1.1: a value just under 1 must never print as 1.000.
 */
export function formatHealthFactors(before: number, after: number): [string, string] {
  const digits = Math.min(before, after) < 1.1 ? 3 : 2;
  const show = (value: number) => (digits === 3 ? (Math.floor(value * 1000) / 1000).toFixed(3) : value.toFixed(2));
  return [show(before), show(after)];
}

const SIGNIFICANT = formatter({ maximumSignificantDigits: 4 });
const PLAIN = formatter({});
const MICRO = formatter({ maximumFractionDigits: 6 });

/** An amount of a token to four significant digits: "20.48", "1,235". */
export const formatAmount = (amount: number): string => SIGNIFICANT.format(amount);
/** A number as written in English: "2,300,000". */
export const formatNumber = (value: number): string => PLAIN.format(value);
/** An amount to six decimals, a coin counted to its millionths (a ledger's smallest unit): "32.4", "0.000001". */
export const formatMillionths = (amount: number): string => MICRO.format(amount);
