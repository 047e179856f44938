import type { DelegationValidator } from '../calculators.js';

/**
 * The Hub's staking APR, before validator commission: what the chain mints in a year, less the
 * community tax, shared by the bonded tokens (x/mint spec; positions.md §7). Fees are left out,
 * small on the Hub. A delegator earns this × (1 − its validator's commission). Pure.
 *
 * @example stakingApr({ annualProvisions: 49_440_735_636_646, communityTax: 0.1, bondedTokens: 255_450_322_027_140n }) // ≈ 0.1742
 */
export function stakingApr(inputs: { annualProvisions: number; communityTax: number; bondedTokens: bigint }): number | undefined {
  const bonded = Number(inputs.bondedTokens);
  if (!(bonded > 0) || !(inputs.annualProvisions >= 0)) return undefined;
  return (inputs.annualProvisions * (1 - inputs.communityTax)) / bonded;
}

/** A yearly rate as the yield of daily compounding (rewards claimed and restaked daily). Pure. @example apyOf(0.17) // ≈ 0.1853 */
export const apyOf = (apr: number): number => (1 + apr / 365) ** 365 - 1;

/**
 * What a delegator earns of the staking APR after its validators' commissions: each validator takes
 * its commission on the rewards of the stake delegated to it (x/distribution AllocateTokensToValidator),
 * so APR × Σ share × (1 − commission). Pure.
 *
 * @example delegatorApr(0.18, [{ validator: 'a', share: 0.75, commission: 0.05 }, { validator: 'b', share: 0.25, commission: 0.1 }]) // 0.18 × 0.9375 = 0.16875
 */
export function delegatorApr(stakingApr: number, validators: readonly DelegationValidator[]): number {
  return stakingApr * validators.reduce((kept, { share, commission }) => kept + share * (1 - commission), 0);
}
