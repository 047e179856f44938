// Built once: Number.prototype.toLocaleString builds an Intl formatter on every call, which a
// profile of cached scans showed as the single largest cost of a request.
const CENTS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const DOLLARS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "$310", "$2.31", "$12,400": rounded the way a person says an estimate. */
export function formatUsd(amount: number): string {
  const abs = Math.abs(amount);
  const rounded = abs >= 1000 ? Math.round(abs / 10) * 10 : abs;
  return `$${(abs < 10 ? CENTS : DOLLARS).format(rounded)}`;
}

export const formatPercent = (fraction: number): string => `${PERCENT.format(fraction * 100)} %`;

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

const SIGNIFICANT = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 4 });
const PLAIN = new Intl.NumberFormat('en-US');
const MICRO = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** An amount of a token to four significant digits: "20.48", "1,235". */
export const formatAmount = (amount: number): string => SIGNIFICANT.format(amount);
/** A number as written in English: "2,300,000". */
export const formatNumber = (value: number): string => PLAIN.format(value);
/** An amount to six decimals, a coin counted to its millionths (a ledger's smallest unit): "32.4", "0.000001". */
export const formatMillionths = (amount: number): string => MICRO.format(amount);
