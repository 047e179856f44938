import * as z from 'zod';
import { amount, fraction, heldPosition, rate, type WhatIfAccount } from '../../whatIf/whatIfAccount.js';
import type { DelegationValidator } from './calculators.js';

const account = z.strictObject({
  delegations: z.array(z.strictObject({ validator: z.string().min(1), atom: amount, commission: fraction })).min(1),
  atomUsd: amount.optional(),
  /** The chain's staking APR after the community tax, before any validator's commission. */
  stakingApr: rate,
  communityTax: fraction,
  inflation: fraction.optional(),
  inflationMin: fraction.optional(),
  inflationMax: fraction.optional(),
});

/** ATOM delegated to validators: the delegator's APR after each validator's commission, weighted by stake. */
export const HUB_WHAT_IF: WhatIfAccount = {
  account,
  positions({ delegations, atomUsd, stakingApr, communityTax, inflation, inflationMin, inflationMax }: z.infer<typeof account>, protocol) {
    const total = delegations.reduce((sum, entry) => sum + entry.atom, 0);
    const validators: DelegationValidator[] = delegations.map((entry) => ({ validator: entry.validator, share: total > 0 ? entry.atom / total : 0, commission: entry.commission }));
    const apr = stakingApr * validators.reduce((sum, entry) => sum + entry.share * (1 - entry.commission), 0);
    const valueUsd = atomUsd === undefined ? undefined : total * atomUsd;
    return [
      {
        position: heldPosition(protocol, 'cosmoshub-delegation', 'ATOM', total, valueUsd),
        inputs: {
          role: 'delegation',
          apr,
          rewardFee: communityTax,
          delegation: { validators, ...(inflation !== undefined && { inflation }), ...(inflationMin !== undefined && { inflationMin }), ...(inflationMax !== undefined && { inflationMax }) },
          ...(valueUsd !== undefined && { valueUsd }),
        },
      },
    ];
  },
};
