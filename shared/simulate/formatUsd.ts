/** "$310", "$2.31", "$12,400": rounded the way a person says an estimate. */
export function formatUsd(amount: number): string {
  const abs = Math.abs(amount);
  const digits = abs < 10 ? 2 : 0;
  const rounded = abs >= 1000 ? Math.round(abs / 10) * 10 : abs;
  return `$${rounded.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })}`;
}

export const formatPercent = (fraction: number): string =>
  `${(fraction * 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
