export { aprToApy } from '../../domain/rates.js';

/** A lending pool's rate in ray (1e27, a yearly APR) as a fraction: 0.0421 for 4.21 %. Pure. */
export const rayToApr = (ray: bigint): number => Number(ray / 10n ** 18n) / 1e9;
