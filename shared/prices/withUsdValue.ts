import type { ExposurePosition } from '../domain/position.js';

/**
 * The position valued at `usdPerUnit` (USD per unit of its amount), on the wire and in the
 * simulator's inputs, to the cent; unchanged without a price. Pure.
 *
 * @example withUsdValue(atomDelegation, 4.32) // 72 ATOM → valueUsd 311.04
 */
export function withUsdValue(exposure: ExposurePosition, usdPerUnit: number | undefined): ExposurePosition {
  if (usdPerUnit === undefined) return exposure;
  const valueUsd = Math.round(Number(exposure.position.amount) * usdPerUnit * 100) / 100;
  return { position: { ...exposure.position, valueUsd }, inputs: { ...exposure.inputs, valueUsd } };
}
