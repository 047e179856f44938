import type { Address } from 'viem';
import type { LendingPoolAccountRead, LendingPoolReserveRead } from '../../../readers/lendingPool/accountRead.js';
import { lendingPoolFirstRequest, lendingPoolRoundTwo, type RoundTwoParameters } from '../../../readers/lendingPool/lendingPoolRounds.js';
import type { EvmCall } from '../../../upstream/clients/ethereumReader.js';
import { AAVE_V3_ETHEREUM_MARKET } from './deployment.js';
import { type AaveMarket, marketsOn } from './markets.js';

/** A market's reads, as the shared lending-pool reader makes them (its rounds, on that deployment). */
export type AaveAccountRead = LendingPoolAccountRead;
export type AaveReserveRead = LendingPoolReserveRead;

/** Round one on `markets` (by default every market on Ethereum), with each one's UI-provider probe: the calls the exposure puts on their upstream before it knows any shape. Pure. */
export const aaveRoundOne = (user: Address, markets: readonly AaveMarket[] = marketsOn('ethereum')): EvmCall[] => markets.flatMap((market) => lendingPoolFirstRequest(market, user));

/** Round two on the Core market, for a known market shape. Pure. */
export const aaveRoundTwo = (parameters: RoundTwoParameters): EvmCall[] => lendingPoolRoundTwo(AAVE_V3_ETHEREUM_MARKET, parameters).calls;
