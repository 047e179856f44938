import { type Abi, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { guardianEvents, marketUpdateEvents } from '../../../shared/modules/compound/mechanisms/abi.js';
import { snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * The events Compound's changes made without a vote are read from, against Compound's own sources
 * compiled by solc-js (test/fixtures/abis/, made by snapshotAbi.ts): Comet's PauseAction from
 * compound-finance/comet @d5a30b0 (CometMainInterface, which Comet implements), v2's two
 * ActionPaused overloads from compound-protocol's Comptroller @a3214f6, and the market-admin track's
 * QueueTransaction / ExecuteTransaction / CancelTransaction from comet's
 * contracts/marketupdates/MarketUpdateTimelock.sol @d5a30b0. The recordings were encoded with our own
 * fragments, so only this check ties them to the contracts: topics and indexed inputs must agree.
 */
const comet = snapshotAbis('comet-Comet@d5a30b0');
const v2 = snapshotAbis('compound-protocol-v2@a3214f6');
const timelock = snapshotAbis('comet-MarketUpdateTimelock@d5a30b0').MarketUpdateTimelock!;

describe('Compound’s no-vote events are the ones in Compound’s sources', () => {
  const pauseAction = guardianEvents.filter((item) => item.name === 'PauseAction');
  const actionPaused = guardianEvents.filter((item) => item.name === 'ActionPaused');
  const cases: [string, Abi, Abi[]][] = [
    ['Comet PauseAction', pauseAction, [comet.CometMainInterface!, comet.Comet!]],
    ['v2 Comptroller ActionPaused (global and per market)', actionPaused, [v2.Comptroller!]],
    ['MarketUpdateTimelock queue, execute and cancel', marketUpdateEvents, [timelock]],
  ];

  it.each(cases)('%s', (_, ours, published) => {
    expect(unpublishedItems(ours, published)).toEqual([]);
  });

  it('reads every event the guardian and timelock sources decode', () => {
    expect(guardianEvents.map((item) => item.name)).toEqual(['PauseAction', 'ActionPaused', 'ActionPaused']);
    expect(marketUpdateEvents.map((item) => item.name)).toEqual(['QueueTransaction', 'ExecuteTransaction', 'CancelTransaction']);
  });

  it('catches a timelock event whose target is not indexed (its topic is the same, its log is not)', () => {
    const unindexed = parseAbi(['event QueueTransaction(bytes32 indexed txHash, address target, uint256 value, string signature, bytes data, uint256 eta)']);
    expect(unpublishedItems(unindexed, [timelock])).toEqual([
      'QueueTransaction: published as (indexed bytes32,indexed address,uint256,string,bytes,uint256), ours (indexed bytes32,address,uint256,string,bytes,uint256)',
    ]);
  });

  it('catches a PauseAction with a flag missing', () => {
    const four = parseAbi(['event PauseAction(bool supplyPaused, bool transferPaused, bool withdrawPaused, bool absorbPaused)']);
    expect(unpublishedItems(four, [comet.CometMainInterface!])).toEqual([expect.stringMatching(/^PauseAction: no published event/)]);
  });
});
