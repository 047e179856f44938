import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { withUsdValue } from '../../../prices/withUsdValue.js';
import type { HubStakingState } from './readHubAccount.js';
import { apyOf, stakingApr } from './stakingApr.js';

/** LegacyDec atomics per unit: the SDK keeps DecCoins × 10^18 (cosmos/cosmjs#924). */
const DEC_ATOMICS = 10n ** 18n;

/**
 * The wallet's Hub positions: its delegations (one position, summed over validators, earning the
 * staking APR net of the community tax, which a communityTax change moves), its pending rewards,
 * and its liquid ATOM, each valued at `atomUsd` when there is a price. Positions of zero are left
 * out. Pure.
 */
export function positionsFromHub(staking: HubStakingState, liquidUatom: bigint, wallet: Wallet, atomUsd?: number): ExposurePosition[] {
  const positions: ExposurePosition[] = [];
  const base = { protocol: 'cosmoshub', asset: 'ATOM', user_address: wallet.address };
  const delegated = staking.delegations.reduce((sum, { uatom }) => sum + uatom, 0n);
  if (delegated > 0n) {
    const apr = stakingApr(staking);
    positions.push({
      position: { ...base, id: 'cosmoshub-delegation', amount: uatomToAtom(delegated), ...(apr !== undefined && { apy: round6(apyOf(apr)) }) },
      inputs: { role: 'delegation', ...(apr !== undefined && { apr: round6(apr) }), rewardFee: staking.communityTax },
    });
  }
  // Withdrawing pays whole uatom and leaves the fraction accruing (x/distribution TruncateDecimal).
  const rewards = staking.rewardAtomics / DEC_ATOMICS;
  if (rewards > 0n) {
    positions.push({ position: { ...base, id: 'cosmoshub-rewards', amount: uatomToAtom(rewards) }, inputs: { role: 'balance' } });
  }
  if (liquidUatom > 0n) {
    positions.push({ position: { ...base, id: 'cosmoshub-balance', amount: uatomToAtom(liquidUatom) }, inputs: { role: 'balance' } });
  }
  return positions.map((position) => withUsdValue(position, atomUsd));
}

/** uatom as ATOM, exact, without trailing zeros. Pure. @example uatomToAtom(72_000_000n) // '72' */
export function uatomToAtom(uatom: bigint): string {
  const whole = uatom / 1_000_000n;
  const fraction = (uatom % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
