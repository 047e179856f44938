import type { Address } from 'viem';
import type { LendingPoolAccountRead, LendingPoolReserveRead } from '../../../readers/lendingPool/accountRead.js';
import { lendingPoolRoundOne, lendingPoolRoundTwo, type RoundTwoParameters } from '../../../readers/lendingPool/lendingPoolRounds.js';
import type { EvmCall } from '../../../upstream/clients/ethereumReader.js';
import { AAVE_V3_ETHEREUM_MARKET } from './deployment.js';

/** The Core market's reads, as the shared lending-pool reader makes them (its rounds, on this deployment). */
export type AaveAccountRead = LendingPoolAccountRead;
export type AaveReserveRead = LendingPoolReserveRead;

/** Round one on the Core market. Pure. */
export const aaveRoundOne = (user: Address): EvmCall[] => lendingPoolRoundOne(AAVE_V3_ETHEREUM_MARKET, user);

/** Round two on the Core market, for a known market shape. Pure. */
export const aaveRoundTwo = (parameters: RoundTwoParameters): EvmCall[] => lendingPoolRoundTwo(AAVE_V3_ETHEREUM_MARKET, parameters).calls;
