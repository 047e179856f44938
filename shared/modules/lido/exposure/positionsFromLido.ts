import { formatUnits } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import type { LidoHoldingsRead } from './readLidoHoldings.js';
import { aprOfRebase, dailyApy } from './stakingApr.js';

/** ETH (18 decimals) at ETH/USD (8 decimals), in USD. Pure. */
const ethToUsd = (wei: bigint, ethUsd: bigint): number => Number((wei * ethUsd) / 10n ** 18n) / 1e8;

/**
 * stETH and wstETH as staking positions: valued at the protocol rate (1 stETH = 1 ETH; wstETH ×
 * stEthPerToken) times Chainlink ETH/USD, earning the last report's APR net of the fee a governance
 * vote can move, with the staking modules that fee is the weighted total of (a vote moves one
 * module's fee). Without a report in range the APR is left out, not guessed. Pure.
 */
export function positionsFromLido(read: LidoHoldingsRead, wallet: Wallet): ExposurePosition[] {
  const apr = read.lastRebase ? aprOfRebase(read.lastRebase) : undefined;
  const rates = apr === undefined ? {} : { apy: dailyApy(apr) };
  const inputs = { role: 'stake' as const, ...(apr !== undefined && { apr }), rewardFee: read.rewardFee, ...(read.stakingModules && { stakingModules: read.stakingModules }) };
  const base = { protocol: 'lido', user_address: wallet.address, chain: 'ethereum', holding: 'staked' as const };
  const rows: ExposurePosition[] = [];
  if (read.stEth > 0n) {
    const valueUsd = ethToUsd(read.stEth, read.ethUsd);
    rows.push({ position: { ...base, id: 'lido-steth', asset: 'stETH', amount: formatUnits(read.stEth, 18), valueUsd, ...rates }, inputs: { ...inputs, valueUsd } });
  }
  if (read.wstEth > 0n) {
    const valueUsd = ethToUsd((read.wstEth * read.stEthPerToken) / 10n ** 18n, read.ethUsd);
    rows.push({ position: { ...base, id: 'lido-wsteth', asset: 'wstETH', amount: formatUnits(read.wstEth, 18), valueUsd, ...rates }, inputs: { ...inputs, valueUsd } });
  }
  return rows;
}
