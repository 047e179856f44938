import { getAddress } from 'viem';
import type { Wallet } from '../../../address/types.js';
import type { ExposurePosition } from '../../../domain/position.js';
import { ethereumReader } from '../../../upstream/clients/ethereumReader.js';
import { type Upstreams, upstreams } from '../../../upstream/upstreams.js';
import type { ComponentContext, ExposureComponent } from '../../types.js';
import { positionsFromAave } from './positionsFromAave.js';
import { readAaveAccount } from './readAaveAccount.js';

/**
 * The Aave v3 Ethereum Core exposure: the reserves a wallet supplies (as collateral or not) or
 * borrows, with the health factor, each collateral's liquidation threshold, rates and reserve factors
 * a governance change moves. Two Multicall3 rounds on the shared Ethereum reader (shared/upstream/
 * clients/ethereumReader.ts), which joins them with the other EVM modules' rounds: no extra HTTP
 * request of its own when the scan runs them together; once the reader knows the market's shape,
 * both rounds go out together (readAaveAccount). Every wallet needs round two: round one cannot
 * tell a supply not used as collateral from no account (neither shows in its totals).
 *
 * @example
 * const positions = await aaveExposure().readPositions({ kind: 'evm', address }, { signal, now: new Date() });
 */
export function aaveExposure(getUpstreams: () => Upstreams = upstreams): ExposureComponent {
  return {
    async readPositions(wallet: Wallet, context: ComponentContext): Promise<ExposurePosition[]> {
      const read = await readAaveAccount(ethereumReader(getUpstreams().ethereum), getAddress(wallet.address), context.signal);
      return read ? positionsFromAave(read, wallet) : [];
    },
  };
}
