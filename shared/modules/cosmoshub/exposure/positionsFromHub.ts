import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import type { DelegationValidator } from '../calculators.js';
import { withUsdValue } from '../../../prices/withUsdValue.js';
import type { HubStakingState } from './readHubAccount.js';
import { apyOf, delegatorApr, stakingApr } from './stakingApr.js';

/** LegacyDec atomics per unit: the SDK keeps DecCoins × 10^18 (cosmos/cosmjs#924). */
const DEC_ATOMICS = 10n ** 18n;

/**
 * Each validator of the wallet's delegations with its share of the delegated stake and its
 * commission, or undefined when a validator's commission was not read. Pure.
 */
export function delegationValidators(staking: Pick<HubStakingState, 'delegations' | 'commissions'>, delegated: bigint): DelegationValidator[] | undefined {
  const { commissions } = staking;
  if (!commissions || delegated === 0n) return undefined;
  if (staking.delegations.some(({ validator }) => commissions[validator] === undefined)) return undefined;
  return staking.delegations.map(({ validator, uatom }) => ({ validator, share: Number(uatom) / Number(delegated), commission: commissions[validator]! }));
}

/**
 * The wallet's Hub positions: its delegations (one position, summed over validators, earning the
 * staking APR net of the community tax and of each validator's commission, with the validators and
 * the inflation a communityTax, commission or inflation change moves), its pending rewards, and its
 * liquid ATOM, each valued at `atomUsd` when there is a price. Without every validator's commission
 * there is no APR: the staking APR before commission is not what the delegator earns. Positions of
 * zero are left out. Pure.
 */
export function positionsFromHub(staking: HubStakingState, liquidUatom: bigint, wallet: Wallet, atomUsd?: number): ExposurePosition[] {
  const positions: ExposurePosition[] = [];
  const base = { protocol: 'cosmoshub', chain: 'cosmoshub', asset: 'ATOM', user_address: wallet.address };
  const delegated = staking.delegations.reduce((sum, { uatom }) => sum + uatom, 0n);
  if (delegated > 0n) {
    const validators = delegationValidators(staking, delegated);
    const named = validatorNames(staking);
    const gross = stakingApr(staking);
    const apr = gross !== undefined && validators ? delegatorApr(gross, validators) : undefined;
    const { inflation, inflationMin, inflationMax } = staking;
    const delegation = validators && {
      validators,
      ...(inflation !== undefined && { inflation }),
      ...(inflationMin !== undefined && { inflationMin }),
      ...(inflationMax !== undefined && { inflationMax }),
    };
    positions.push({
      position: { ...base, id: 'cosmoshub-delegation', holding: 'delegated', amount: uatomToAtom(delegated), ...(named && { name: named }), ...(apr !== undefined && { apy: round6(apyOf(apr)) }) },
      inputs: { role: 'delegation', ...(apr !== undefined && { apr: round6(apr) }), rewardFee: staking.communityTax, ...(delegation && { delegation }) },
    });
  }
  // Withdrawing pays whole uatom and leaves the fraction accruing (x/distribution TruncateDecimal).
  const rewards = staking.rewardAtomics / DEC_ATOMICS;
  if (rewards > 0n) {
    positions.push({ position: { ...base, id: 'cosmoshub-rewards', holding: 'rewards', amount: uatomToAtom(rewards) }, inputs: { role: 'balance' } });
  }
  if (liquidUatom > 0n) {
    positions.push({ position: { ...base, id: 'cosmoshub-balance', holding: 'liquid', amount: uatomToAtom(liquidUatom) }, inputs: { role: 'balance' } });
  }
  return positions.map((position) => withUsdValue(position, atomUsd));
}

/**
 * The delegation's validators by their monikers, largest stake first ("Coinbase Custody, Figment
 * and 3 more"); undefined when no moniker was read. Pure.
 */
export function validatorNames(staking: Pick<HubStakingState, 'delegations' | 'monikers'>): string | undefined {
  const names = [...staking.delegations]
    .sort((a, b) => (b.uatom > a.uatom ? 1 : b.uatom < a.uatom ? -1 : 0))
    .map(({ validator }) => staking.monikers?.[validator]?.trim())
    .filter((name): name is string => Boolean(name));
  if (names.length === 0) return undefined;
  const shown = names.slice(0, 2).join(', ');
  const more = staking.delegations.length - Math.min(names.length, 2);
  return more > 0 ? `${shown} and ${more} more` : shown;
}

/** uatom as ATOM, exact, without trailing zeros. Pure. @example uatomToAtom(72_000_000n) // '72' */
export function uatomToAtom(uatom: bigint): string {
  const whole = uatom / 1_000_000n;
  const fraction = (uatom % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
