import { describe, expect, it } from 'vitest';
import { stakingModuleAbi, VAULT_HUB, vaultHubAbi } from '../../../shared/modules/lido/currentValueViews.js';
import { lowerCased, readAddressSnapshot, snapshotAddresses } from '../../fixtures/addresses/addressSnapshot.js';
import { snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * The views lido's current-value reader calls are in Lido's own ABIs (lidofinance/scripts
 * interfaces/*.json @41178e6, snapshotted in test/fixtures/abis/), and the VaultHub it reads is the
 * one Lido's deployment file names.
 */
const scripts = (name: string) => snapshotAbis(`lido-scripts-${name}@41178e6`)[name]!;

describe('the views Lido’s old values are read from', () => {
  it('StakingRouter.getStakingModule is the router’s published view, struct for struct', () => {
    expect(unpublishedItems(stakingModuleAbi, [scripts('StakingRouter')])).toEqual([]);
  });

  it('VaultHub.vaultConnection is the VaultHub’s published view, struct for struct', () => {
    expect(unpublishedItems(vaultHubAbi, [scripts('VaultHub')])).toEqual([]);
  });

  it('a drifted struct would be caught: the connection without its last field is not published', () => {
    const view = vaultHubAbi.find((item) => item.type === 'function')!;
    const drifted = [{ ...view, outputs: [{ ...view.outputs[0], components: view.outputs[0].components.slice(0, -1) }] }];
    expect(unpublishedItems(drifted as never, [scripts('VaultHub')])).toEqual([expect.stringMatching(/^vaultConnection: published as/)]);
  });

  it('reads the VaultHub of Lido’s deployment file', () => {
    expect(lowerCased({ VAULT_HUB })).toEqual(snapshotAddresses(readAddressSnapshot('lido-vaults')));
  });
});
