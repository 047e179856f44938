/** "$310", "$2.31", "$12,400": rounded the way a person says an estimate. */
export function formatUsd(amount: number): string {
  const abs = Math.abs(amount);
  const digits = abs < 10 ? 2 : 0;
  const rounded = abs >= 1000 ? Math.round(abs / 10) * 10 : abs;
  return `$${rounded.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

export const formatPercent = (fraction: number): string =>
  `${(fraction * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

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
