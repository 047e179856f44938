import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { autoLineAbi } from '../../../shared/modules/sky/currentValues.js';
import { potAbi } from '../../../shared/modules/sky/exposure/exposureAbi.js';
import { jugAbi, spotAbi, vatAbi } from '../../../shared/modules/sky/exposure/vaultAbi.js';
import { pauseAbi } from '../../../shared/modules/sky/spells/governanceAbi.js';
import { snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * Every DSS view Sky's current-value reader calls exists in the interfaces MakerDAO publishes
 * (makerdao/dss-interfaces @eb63423, compiled into test/fixtures/abis/dss-interfaces@eb63423.json),
 * with the same selector and output types: the autoline's ilks (line, gap first) that the reader
 * declares, and the Vat, Spotter, Jug, Pot and DSPause views it shares with the exposure and the
 * spell source. (sUSDS's ssr is no DSS contract; npm run doctor reads it from chain.)
 */
const published = snapshotAbis('dss-interfaces@eb63423');

describe('the DSS views Sky reads old values from are the published ones', () => {
  it.each([
    ['DssAutoLine', autoLineAbi, 'DssAutoLineAbstract'],
    ['Vat', vatAbi, 'VatAbstract'],
    ['Spotter', spotAbi, 'SpotAbstract'],
    ['Jug', jugAbi, 'JugAbstract'],
    ['Pot', potAbi, 'PotAbstract'],
    ['DSPause', pauseAbi, 'DSPauseAbstract'],
  ] as const)('%s', (_, ours, name) => {
    const abi = ours as unknown as Abi;
    // Every view of ours in that interface, the exposure's vault views (urns) with the reader's.
    expect(unpublishedItems(abi, [published[name]!])).toEqual([]);
  });

  it('catches an ilks whose outputs differ', () => {
    const swapped = [{ ...autoLineAbi[0], outputs: [autoLineAbi[0].outputs[0], { name: 'gap', type: 'uint48' }] }] as unknown as Abi;
    expect(unpublishedItems(swapped, [published.DssAutoLineAbstract!])).toEqual([expect.stringMatching(/^ilks: /)]);
  });
});
