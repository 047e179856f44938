import { describe, expect, it } from 'vitest';
import { SKY_ETHEREUM } from '../../../shared/modules/sky/exposure/deployment.js';
import { SKY_VAULTS } from '../../../shared/modules/sky/exposure/vaultDeployment.js';
import { SKY_GOVERNANCE } from '../../../shared/modules/sky/spells/deployment.js';
import { SP_BEAM } from '../../../shared/modules/sky/spBeam.js';
import { lowerCased, readAddressSnapshot, snapshotAddresses } from '../../fixtures/addresses/addressSnapshot.js';

/*
 * Sky publishes its addresses in the chainlog, which the spells repository states in its tests
 * (src/test/addresses_mainnet.sol); sDAI is not a chainlog key and comes from the Spark address
 * registry. The module's constants are compared whole with the snapshot of both files.
 */
const snapshot = readAddressSnapshot('sky');

describe('Sky addresses', () => {
  it('the module’s Ethereum contracts, SP-BEAM, the chief, the pause and the vault contracts equal the published ones, name for name', () => {
    expect(lowerCased({ ...SKY_ETHEREUM, SP_BEAM, ...SKY_GOVERNANCE, ...SKY_VAULTS })).toEqual(snapshotAddresses(snapshot));
  });

  it('each entry names its source key: chainlog keys for USDS, sUSDS, DAI, the Pot and SP-BEAM, the registry’s SDAI for sDAI', () => {
    expect(Object.fromEntries(Object.entries(snapshot.entries).map(([name, entry]) => [name, `${entry.source}:${entry.key}`]))).toEqual({
      usds: 'chainlog:USDS',
      sUsds: 'chainlog:SUSDS',
      dai: 'chainlog:MCD_DAI',
      sDai: 'registry-ethereum:Ethereum.SDAI',
      pot: 'chainlog:MCD_POT',
      SP_BEAM: 'chainlog:MCD_SPBEAM',
      chief: 'chainlog:MCD_ADM',
      pause: 'chainlog:MCD_PAUSE',
      vat: 'chainlog:MCD_VAT',
      jug: 'chainlog:MCD_JUG',
      spot: 'chainlog:MCD_SPOT',
      cdpManager: 'chainlog:CDP_MANAGER',
      getCdps: 'chainlog:GET_CDPS',
      proxyRegistry: 'chainlog:PROXY_REGISTRY',
      lockstakeEngine: 'chainlog:LOCKSTAKE_ENGINE',
    });
  });

  it('the snapshot is taken at one commit of each repository', () => {
    expect(new Set(Object.values(snapshot.sources).map(({ repo, commit }) => `${repo}@${commit}`))).toEqual(
      new Set(['sky-ecosystem/spells-mainnet@17aee91ed7857b65d4814ef8cf3694fc9d70e1cf', 'sparkdotfi/spark-address-registry@5348de20c16dc5174cbdede70ee959dd31f99ec1']),
    );
  });
});
