import { parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { DG_STATES, dualGovernanceAbi, dualGovernanceStateChangedEvent } from '../../../shared/modules/lido/abi.js';
import { easyTrackAbi, easyTrackEvents } from '../../../shared/modules/lido/easyTrack/abi.js';
import { snapshotAbis, unpublishedItems } from '../../support/publishedAbi.js';

/*
 * Easy Track's events and Motion struct, against lidofinance/easy-track contracts/EasyTrack.sol
 * @dda49df compiled by solc-js (test/fixtures/abis/easy-track-EasyTrack@dda49df.json, its OpenZeppelin
 * 4.3.2 imports read from that tag): the motions the feed shows were encoded with our fragments, so
 * only this ties them to the contract. The Motion struct carries the objection threshold (basis
 * points of LDO) and amount, so its types and order matter to every motion's objection figure.
 */
const easyTrack = snapshotAbis('easy-track-EasyTrack@dda49df').EasyTrack!;
const dualGovernance = snapshotAbis('dual-governance@0d31f5b').DualGovernance!;

describe('Easy Track ABIs we use are the ones in Easy Track’s source', () => {
  it('MotionCreated, MotionEnacted, MotionCanceled, MotionRejected', () => {
    expect(unpublishedItems(easyTrackEvents, [easyTrack])).toEqual([]);
  });

  it('getMotions and its Motion struct (objection threshold and amount in place)', () => {
    expect(unpublishedItems(easyTrackAbi, [easyTrack])).toEqual([]);
  });

  it('catches a Motion struct with its objection fields swapped for a narrower type', () => {
    const narrow = parseAbi([
      'struct Motion { uint256 id; address evmScriptFactory; address creator; uint256 duration; uint256 startDate; uint256 snapshotBlock; uint16 objectionsThreshold; uint256 objectionsAmount; bytes32 evmScriptHash; }',
      'function getMotions() view returns (Motion[])',
    ]);
    expect(unpublishedItems(narrow, [easyTrack])).toEqual([expect.stringMatching(/^getMotions: published as/)]);
  });
});

describe('Dual Governance’s effective state, as the contract answers it', () => {
  const getEffectiveState = dualGovernanceAbi.filter((item) => item.type === 'function' && item.name === 'getEffectiveState');

  it('getEffectiveState returns the State enum (a uint8)', () => {
    expect(getEffectiveState).toHaveLength(1);
    expect(unpublishedItems(getEffectiveState, [dualGovernance])).toEqual([]);
  });

  it('DualGovernanceStateChanged: both states indexed, the machine’s Context tuple after them', () => {
    expect(unpublishedItems([dualGovernanceStateChangedEvent], [dualGovernance])).toEqual([]);
  });

  it('answers the state machine’s State enum, which DG_STATES spells out in order', () => {
    // The order is not in an ABI: DG_STATES was read from contracts/libraries/DualGovernanceStateMachine.sol @0d31f5b.
    const fn = dualGovernance.find((item) => item.type === 'function' && item.name === 'getEffectiveState');
    expect(fn && fn.type === 'function' && fn.outputs.map((output) => output.internalType)).toEqual(['enum State']);
    expect(DG_STATES).toHaveLength(6);
  });
});
