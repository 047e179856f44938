import { describe, expect, it } from 'vitest';
import { ENGINE_LAYOUTS, ENGINE_VIEWS } from '../../../shared/readers/configEngine/engineLayouts.js';
import { snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * Spark spells are config-engine payloads of era A (shared/modules/spark/README.md): the views the
 * shared decoder reads on them must be the ones sparkdotfi/spark-spells' payload base declares, with
 * the same struct layout, or a spell's changes would decode shifted. Checked against that base
 * compiled from its source at a named commit (test/fixtures/abis/). The SparkLend pool, data
 * provider, oracle and rate strategy reads are proven on @aave/core-v3 in
 * test/modules/aave/publishedAbis.test.ts.
 */
const { AaveV3PayloadBase: payloadBase } = snapshotAbis('spark-spells-AaveV3PayloadBase@372770a');
const eraA = ENGINE_VIEWS.flatMap((view) => ENGINE_LAYOUTS[view].filter((layout) => layout.eras.startsWith('A')).map((layout) => [view, layout] as const));

describe('the config-engine views read on Spark spells', () => {
  it('cover the seven views of the era-A payload base', () => {
    expect(eraA.map(([view]) => view).sort()).toEqual(['borrowsUpdates', 'capsUpdates', 'collateralsUpdates', 'newListings', 'newListingsCustom', 'priceFeedsUpdates', 'rateStrategiesUpdates'].sort());
  });

  it.each(eraA)('%s (era-A layout) is the payload base’s', (_, layout) => {
    expect(unpublishedItems([layout.abi], [payloadBase!])).toEqual([]);
  });

  it('tell era A from the next one (CollateralUpdate lost eModeCategory)', () => {
    const eraB = ENGINE_LAYOUTS.collateralsUpdates.find((layout) => layout.eras.startsWith('B'))!;
    expect(unpublishedItems([eraB.abi], [payloadBase!])).toEqual([expect.stringMatching(/^collateralsUpdates: published as/)]);
  });
});
