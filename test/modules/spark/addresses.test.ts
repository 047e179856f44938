import { describe, expect, it } from 'vitest';
import { SPARKLEND_DECLARED_CONTRACTS, SPARKLEND_ETHEREUM, SPARKLEND_SYMBOLS } from '../../../shared/modules/spark/exposure/deployment.js';
import { SPARK_STAR_GUARD, SPARK_SUB_PROXY } from '../../../shared/modules/spark/starGuard.js';
import { lowerCased, readAddressSnapshot, snapshotAddresses } from '../../fixtures/addresses/addressSnapshot.js';

/*
 * Spark publishes its addresses as Solidity libraries (sparkdotfi/spark-address-registry), not as a
 * package: the module's constants are checked against a snapshot of src/SparkLend.sol and
 * src/Ethereum.sol @5348de2, each table compared whole.
 */
const snapshot = readAddressSnapshot('spark');
const addresses = snapshotAddresses(snapshot);
const ofKind = (kind: string) => Object.entries(snapshot.entries).filter(([name]) => name.startsWith(`${kind}:`));

describe('Spark addresses', () => {
  it('the SparkLend core contracts and the StarGuard path equal the registry', () => {
    const { market: _market, ...contracts } = SPARKLEND_ETHEREUM;
    const declared = lowerCased({ ...Object.fromEntries(Object.entries(contracts).map(([name, address]) => [`SPARKLEND_ETHEREUM.${name}`, address])), SPARK_STAR_GUARD, SPARK_SUB_PROXY });
    const published = Object.fromEntries(Object.entries(addresses).filter(([name]) => !name.includes(':')));
    expect(declared).toEqual(published);
  });

  it('the 18 reserves’ underlying tokens are the registry’s, symbol for symbol', () => {
    expect(SPARKLEND_SYMBOLS).toEqual(Object.fromEntries(ofKind('asset').map(([, entry]) => [entry.address.toLowerCase(), entry.symbol])));
  });

  it('each declared reserve’s spToken is the registry’s <SYMBOL>_SPTOKEN', () => {
    const declared = Object.fromEntries(Object.entries(SPARKLEND_DECLARED_CONTRACTS).map(([asset, { aToken }]) => [SPARKLEND_SYMBOLS[asset], aToken.toLowerCase()]));
    expect(declared).toEqual(Object.fromEntries(ofKind('spToken').map(([, entry]) => [entry.symbol, entry.address.toLowerCase()])));
  });

  it('snapshot holds 58 entries from the registry: 56 at one commit, the UI providers at the later commits whose copies name them', () => {
    expect(Object.keys(snapshot.entries)).toHaveLength(58);
    const commitOf = (entry: string) => snapshot.sources[snapshot.entries[entry]!.source]!.commit;
    const later = ['SPARKLEND_ETHEREUM.uiPoolDataProvider', 'gnosis:uiPoolDataProvider'];
    expect(new Set(Object.keys(snapshot.entries).filter((entry) => !later.includes(entry)).map(commitOf))).toEqual(new Set(['5348de20c16dc5174cbdede70ee959dd31f99ec1']));
    expect(later.map(commitOf)).toEqual(['2934ba2a2ba81fbd12966d50aaca581af71aeea4', '1fc5820e4e4ae7aec1ef9ddc5643829e0d334cec']);
    expect(new Set(Object.values(snapshot.sources).map(({ repo }) => repo))).toEqual(new Set(['sparkdotfi/spark-address-registry']));
  });
});
