/** An ISO date-time from unix seconds (number, bigint or decimal string); undefined for 0 or absent. Pure. */
export function isoFromUnixSeconds(seconds: number | bigint | string | undefined | null): string | undefined {
  if (seconds === undefined || seconds === null) return undefined;
  const value = Number(seconds);
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return new Date(value * 1000).toISOString().replace('.000Z', 'Z');
}
