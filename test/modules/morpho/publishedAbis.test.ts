import { adaptiveCurveIrmAbi as publishedIrm, blueAbi, blueOracleAbi, metaMorphoAbi } from '@morpho-org/blue-sdk-viem';
import type { Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { adaptiveCurveIrmAbi, aggregatorAbi, morphoBlueAbi, oracleAbi, vaultAbi, vaultEvents } from '../../../shared/modules/morpho/abi.js';
import { addressBookAbi, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * Every function the Morpho module calls and event it decodes exists in the ABIs Morpho publishes in
 * @morpho-org/blue-sdk-viem (abis.ts: Morpho Blue, MetaMorpho, the AdaptiveCurveIrm, IOracle), with
 * the same selector or topic, output types and indexed inputs. Chainlink's latestRoundData is
 * checked against the AggregatorInterface the Aave address book ships.
 */
describe('Morpho ABIs we use are the published ones', () => {
  const cases: [string, Abi, () => Promise<Abi[]>][] = [
    ['MetaMorpho events', vaultEvents, async () => [metaMorphoAbi]],
    ['MetaMorpho views', vaultAbi, async () => [metaMorphoAbi]],
    ['Morpho Blue', morphoBlueAbi, async () => [blueAbi]],
    ['AdaptiveCurveIrm', adaptiveCurveIrmAbi, async () => [publishedIrm]],
    ['IOracle', oracleAbi, async () => [blueOracleAbi]],
    ['Chainlink aggregator', aggregatorAbi, async () => [await addressBookAbi('AggregatorInterface')]],
  ];

  it.each(cases)('%s', async (_, ours, published) => {
    expect(unpublishedItems(ours, await published())).toEqual([]);
  });

  it('catches an event whose indexed flag differs', () => {
    // SubmitTimelock has no indexed input in EventsLib.sol; an indexed one moves the value into a topic.
    const indexed = vaultEvents.map((event) => (event.name === 'SubmitTimelock' ? { ...event, inputs: event.inputs.map((input) => ({ ...input, indexed: true })) } : event));
    expect(unpublishedItems(indexed, [metaMorphoAbi])).toEqual([expect.stringMatching(/^SubmitTimelock: published as \(uint256\), ours \(indexed uint256\)/)]);
  });
});
