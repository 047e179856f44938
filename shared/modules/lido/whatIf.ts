import * as z from 'zod';
import { amount, fraction, heldPosition, rate, type WhatIfAccount } from '../../whatIf/whatIfAccount.js';

const account = z.strictObject({
  stakedEth: amount,
  ethUsd: amount.optional(),
  apr: rate,
  protocolFee: fraction,
  stakingModules: z.array(z.strictObject({ id: z.number().int().min(1), share: fraction, moduleFee: fraction, treasuryFee: fraction })).optional(),
});

/** A stETH holding: its APR net of the protocol fee, and the staking modules that fee is made of. */
export const LIDO_WHAT_IF: WhatIfAccount = {
  account,
  positions({ stakedEth, ethUsd, apr, protocolFee, stakingModules }: z.infer<typeof account>, protocol) {
    const valueUsd = ethUsd === undefined ? undefined : stakedEth * ethUsd;
    return [{ position: heldPosition(protocol, 'lido-steth', 'stETH', stakedEth, valueUsd), inputs: { role: 'stake', apr, rewardFee: protocolFee, ...(valueUsd !== undefined && { valueUsd }), ...(stakingModules && { stakingModules }) } }];
  },
};
