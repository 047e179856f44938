import { describe, expect, it } from 'vitest';
import { AGENT, DG_TIMELOCK, DUAL_GOVERNANCE, STAKING_ROUTER, VOTING } from '../../../shared/modules/lido/abi.js';
import { LIDO } from '../../../shared/modules/lido/exposure/deployment.js';
import { lowerCased, readAddressSnapshot, snapshotAddresses } from '../../fixtures/addresses/addressSnapshot.js';

/*
 * Lido publishes no package of addresses: the module's constants are checked against a snapshot of
 * lidofinance/core deployed-mainnet.json (the fixture names its commit and each key path).
 */
const snapshot = readAddressSnapshot('lido');

describe('Lido addresses', () => {
  it('equal the published deployment file, constant for constant', () => {
    const declared = lowerCased({
      VOTING,
      AGENT,
      DUAL_GOVERNANCE,
      DG_TIMELOCK,
      STAKING_ROUTER,
      'LIDO.stETH': LIDO.stETH,
      'LIDO.wstETH': LIDO.wstETH,
      'LIDO.ethUsdFeed': LIDO.ethUsdFeed,
    });
    expect(declared).toEqual(snapshotAddresses(snapshot));
  });

  it('snapshot holds the eight entries the module uses, each from a named file at a commit', () => {
    expect(Object.keys(snapshot.entries)).toHaveLength(8);
    expect(snapshot.sources['lido-core']).toEqual({ repo: 'lidofinance/core', path: 'deployed-mainnet.json', commit: 'e6719e9c301abbb6a747de57b590029eb29bc6b3' });
  });

  it('the exposure reads the same StakingRouter the source decodes', () => {
    expect(LIDO.stakingRouter).toBe(STAKING_ROUTER);
  });
});
