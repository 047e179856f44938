import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { governanceCoreAbi, payloadsControllerAbi } from '../../../shared/modules/aave/abi.js';
import { votingMachineAbi } from '../../../shared/modules/aave/votingMachines.js';
import { addressesProviderAbi, dataProviderAbi, oracleAbi, poolAbi, poolV30Abi, rateStrategyV30Abi } from '../../../shared/readers/lendingPool/lendingPoolAbi.js';
import { aaveCoreV3Abi, addressBookAbi, snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * Every function we call and event we decode on Aave's contracts (and SparkLend's, a v3.0 fork)
 * exists in the ABIs Aave publishes: the address book's, generated from the deployed interfaces,
 * and @aave/core-v3's compiled v3.0 artifacts. Selectors, output types and indexed inputs must
 * agree; a fragment typed from an older interface fails here, not on chain.
 */
describe('Aave ABIs we use are the published ones', () => {
  const cases: [string, Abi, () => Promise<Abi[]>][] = [
    ['Governance core', governanceCoreAbi, async () => [await addressBookAbi('IGovernanceCore')]],
    ['PayloadsController', payloadsControllerAbi, async () => [await addressBookAbi('IPayloadsControllerCore')]],
    ['voting machine', votingMachineAbi, async () => [await addressBookAbi('IVotingMachineWithProofs')]],
    // 3.7's getIsEModeCategoryIsolated is in no package yet: in the aave-v3-origin @4fbd744 snapshot (test/oracles/support/aaveV37Abis.ts).
    ['Pool (v3.2+)', poolAbi, async () => [await addressBookAbi('IPool'), snapshotAbis('aave-v3-origin-IPool@4fbd744').IPool!]],
    ['PoolAddressesProvider', addressesProviderAbi, async () => [await addressBookAbi('IPoolAddressesProvider')]],
    ['AaveOracle', oracleAbi, async () => [await addressBookAbi('IAaveOracle')]],
    // Unchanged from v3.0 to v3.6 (lendingPoolAbi.ts): proven on the v3.0 data provider.
    ['AaveProtocolDataProvider', dataProviderAbi, async () => [aaveCoreV3Abi('misc/AaveProtocolDataProvider.sol/AaveProtocolDataProvider')]],
    ['Pool (v3.0, SparkLend)', poolV30Abi, async () => [aaveCoreV3Abi('interfaces/IPool.sol/IPool')]],
    ['rate strategy (v3.0, SparkLend)', rateStrategyV30Abi, async () => [aaveCoreV3Abi('protocol/pool/DefaultReserveInterestRateStrategy.sol/DefaultReserveInterestRateStrategy')]],
  ];

  it.each(cases)('%s', async (_, ours, published) => {
    expect(unpublishedItems(ours, await published())).toEqual([]);
  });

  it('catches a fragment typed from another interface', async () => {
    const pool = await addressBookAbi('IPool');
    // One output narrowed, as a hand-typed struct might: the selector matches, the decoding would not.
    const narrowed = poolAbi
      .filter((item) => item.name === 'getUserAccountData')
      .map((item) => ({ ...item, outputs: item.outputs.map((output, index) => (index === 5 ? { ...output, type: 'uint128' } : output)) }));
    expect(unpublishedItems(narrowed, [pool])).toEqual([expect.stringMatching(/^getUserAccountData: published as/)]);
    expect(unpublishedItems(votingMachineAbi, [pool])).toEqual([expect.stringMatching(/^getProposalById: no published function/)]);
  });
});
