import { AaveV3Ethereum } from '@aave-dao/aave-address-book';
import { encodeAbiParameters } from 'viem';
import { describe, expect, it } from 'vitest';
import { configuratorChanges } from '../../../../shared/modules/aave/stewards/configuratorChanges.js';
import type { StewardLog } from '../../../../shared/modules/aave/stewards/readStewardLogs.js';
import { STEWARD_ETHEREUM } from '../../../../shared/modules/aave/stewards/stewardChains.js';
import { rateDataParameters } from '../../../../shared/modules/aave/stewards/stewardEvents.js';
import { stewardItems } from '../../../../shared/modules/aave/stewards/stewardItems.js';
import { HEAD, HEAD_TIME } from './stewardScenario.js';

/* Synthetic configurator logs: what each event states, in the feed's units. */
const CORE = STEWARD_ETHEREUM.markets[0]!;
const WETH = AaveV3Ethereum.ASSETS.WETH.UNDERLYING;
const log = (eventName: string, args: Record<string, unknown>, blockNumber = HEAD - 10n, withTime = true): StewardLog => ({
  address: CORE.configurator,
  eventName,
  args,
  blockNumber,
  logIndex: 0,
  transactionHash: `0x${blockNumber.toString(16).padStart(64, '0')}`,
  ...(withTime && { blockTimestamp: HEAD_TIME - (HEAD - blockNumber) * 12n }),
});
const rates = (values: readonly [number, number, number, number], block?: bigint) => log('ReserveInterestRateDataChanged', { asset: WETH, strategy: WETH, data: encodeAbiParameters(rateDataParameters, values) }, block);

describe('PoolConfigurator events as changes', () => {
  it('decodes rate data (bps) into optimal usage in bps and rates as fractions, and states only what moved since the earlier event', () => {
    const earlier = rates([9_000, 0, 250, 800], HEAD - 1_000n);
    expect(configuratorChanges(rates([9_000, 0, 270, 800]), CORE, [earlier])).toEqual([expect.objectContaining({ asset: 'WETH', parameter: 'slope1', from: 0.025, to: 0.027, unit: 'fraction' })]);
    expect(configuratorChanges(rates([9_200, 0, 270, 800]), CORE, []).map(({ parameter, to, unit }) => [parameter, to, unit])).toEqual([
      ['optimalUsage', 9_200, 'bps'],
      ['baseRate', 0, 'fraction'],
      ['slope1', 0.027, 'fraction'],
      ['slope2', 0.08, 'fraction'],
    ]);
  });

  it('states an eMode category update by its id and label, the bonus over 100 %', () => {
    const changes = configuratorChanges(log('EModeCategoryAdded', { categoryId: 1, ltv: 9_300n, liquidationThreshold: 9_500n, liquidationBonus: 10_100n, oracle: WETH, label: 'ETH correlated' }), CORE, []);
    expect(changes.map(({ parameter, to, eModeCategory, eModeLabel }) => [parameter, to, eModeCategory, eModeLabel])).toEqual([
      ['eModeLtv', 9_300, 1, 'ETH correlated'],
      ['eModeLiquidationThreshold', 9_500, 1, 'ETH correlated'],
      ['eModeLiquidationBonus', 100, 1, 'ETH correlated'],
    ]);
  });

  it('names a reserve the address book does not list by its address', () => {
    const [change] = configuratorChanges(log('SupplyCapChanged', { asset: '0x00000000000000000000000000000000000000aa', oldSupplyCap: 1n, newSupplyCap: 2n }), CORE, []);
    expect(change!.asset).toBe('0x00000000000000000000000000000000000000AA');
  });

  it('dates a log from the head at 12 s a block when the node gives no blockTimestamp, and says so', () => {
    const block = HEAD - 300n;
    const freeze = [log('ReserveFrozen', { asset: WETH, frozen: true }, block, false)];
    const [item] = stewardItems({ chain: STEWARD_ETHEREUM, head: HEAD, headTimestamp: HEAD_TIME, logs: freeze });
    expect(item).toMatchObject({ mechanism: 'guardian', appliedAt: HEAD_TIME - 3_600n, estimatedTime: true });
    expect(item!.changes).toEqual([expect.objectContaining({ parameter: 'listing', to: 'frozen', asset: 'WETH' })]);
  });
});
