import type { Abi, AbiParameter } from 'viem';
import { describe, expect, it } from 'vitest';
import { configEventsAbi, hubAbi, spokeAbi, spokeOracleAbi } from '../../../../shared/modules/aave/v4/abi.js';
import { v4PayloadAbi } from '../../../../shared/modules/aave/v4/payloadViews.js';
import { addressBookAbi, unpublishedItems } from '../../../support/publishedAbi.js';

/*
 * Every v4 view and event we read, against the ABIs the address book publishes for the deployed
 * v4 contracts (ISpokeV4, IHubV4, IAaveOracleV4): the same selector or topic, the same outputs and
 * indexed inputs, so a call or a log decodes as the chain sends it. It found our first fragments
 * written from an earlier aave-v4 revision (a uint24 config key, Reserve's fields in another order).
 */

const published = () => Promise.all(['ISpokeV4', 'IHubV4', 'IAaveOracleV4'].map(addressBookAbi));

describe('Aave v4 fragments against the address book’s published ABIs', () => {
  it('the spoke’s views (getReserve, getUserPosition, getDynamicReserveConfig, getUserAccountData…)', async () => {
    expect(unpublishedItems(spokeAbi as unknown as Abi, await published())).toEqual([]);
  });

  it('the oracle’s and the hub’s views', async () => {
    expect(unpublishedItems([...spokeOracleAbi, ...hubAbi] as unknown as Abi, await published())).toEqual([]);
  });

  it('the configuration events, but the rate strategy’s UpdateInterestRateData, which the book does not publish', async () => {
    const events = (configEventsAbi as unknown as Abi).filter((item) => !(item.type === 'event' && item.name === 'UpdateInterestRateData'));
    expect(unpublishedItems(events, await published())).toEqual([]);
  });

  it('a payload’s views return what the published config engine’s execute functions take (spokeReserveListings → executeSpokeReserveListings, …)', async () => {
    const canonical = (parameter: AbiParameter): string =>
      parameter.type.startsWith('tuple') ? `(${(parameter as { components: readonly AbiParameter[] }).components.map(canonical).join(',')})${parameter.type.slice('tuple'.length)}` : parameter.type;
    const engine = (await addressBookAbi('IAaveV4ConfigEngine')).filter((item) => item.type === 'function');
    const views = (v4PayloadAbi as unknown as Abi).filter((item) => item.type === 'function');
    expect(views.length).toBeGreaterThan(0);
    for (const view of views) {
      const execute = engine.find((item) => item.name === `execute${view.name[0]!.toUpperCase()}${view.name.slice(1)}`);
      expect(execute, view.name).toBeDefined();
      expect(canonical(view.outputs[0]!), view.name).toBe(canonical(execute!.inputs[0]!));
    }
  });
});
