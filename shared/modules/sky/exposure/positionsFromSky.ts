import { formatUnits } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { SKY_MARKETS } from '../names.js';
import { assetsOfShares, yearlyRateOfRay } from '../rates.js';
import type { SkyHoldingsRead } from './readSkyHoldings.js';

/** USDS, DAI and the savings vaults' assets all have 18 decimals (sdai src/SUsds.sol, dss src/dai.sol). */
const DECIMALS = 18;
const whole = (wei: bigint): number => Number(formatUnits(wei, DECIMALS));

/**
 * The wallet's Sky positions, each on Ethereum with its market:
 * - USDS and DAI held as they are (liquid), earning nothing;
 * - sUSDS and sDAI (vault shares), valued at the vault's convertToAssets and earning the SSR or the
 *   DSR, as a yearly rate compounded from the per-second ray (rates.ts), which is the rate a
 *   savings-rate change moves (calculators.ts).
 * USDS and DAI count as one US dollar each: the protocol's own accounting (the Vat's debt is in
 * them) and what the savings vaults pay out; a depeg is not read. Pure.
 */
export function positionsFromSky(read: SkyHoldingsRead, wallet: Wallet): ExposurePosition[] {
  const base = { protocol: 'sky', user_address: wallet.address, chain: 'ethereum' } as const;
  const rows: ExposurePosition[] = [];
  const liquid = (id: 'usds' | 'dai', asset: string, wei: bigint) => {
    if (wei === 0n) return;
    const valueUsd = whole(wei);
    const market = SKY_MARKETS[id];
    rows.push({ position: { ...base, id: market, market, holding: 'liquid', asset, amount: formatUnits(wei, DECIMALS), valueUsd, apy: 0 }, inputs: { role: 'balance', market, valueUsd } });
  };
  const saved = (id: 'susds' | 'sdai', asset: string, shares: bigint, chi: bigint, perSecond: bigint) => {
    if (shares === 0n) return;
    const valueUsd = whole(assetsOfShares(shares, chi));
    const apr = yearlyRateOfRay(perSecond);
    const market = SKY_MARKETS[id];
    rows.push({
      position: { ...base, id: market, market, holding: 'vault', asset, amount: formatUnits(shares, DECIMALS), valueUsd, apy: apr },
      inputs: { role: 'supply', market, valueUsd, apr, savingsRate: id === 'susds' ? 'ssr' : 'dsr' },
    });
  };
  liquid('usds', 'USDS', read.usds);
  saved('susds', 'sUSDS', read.sUsds, read.sUsdsChi, read.ssr);
  liquid('dai', 'DAI', read.dai);
  saved('sdai', 'sDAI', read.sDai, read.sDaiChi, read.dsr);
  return rows;
}
