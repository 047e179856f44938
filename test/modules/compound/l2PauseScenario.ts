import type { Abi, Hex } from 'viem';
import { guardianEvents } from '../../../shared/modules/compound/mechanisms/abi.js';
import { multicall3Abi } from '../../../shared/upstream/clients/ethereumReader.js';
import { fakeEvmNode } from '../../support/fakeEvmNode.js';
import { rpcLog, type ScenarioEvent } from '../../support/logNode.js';

/*
 * A SYNTHETIC L2 for the Comet pause sources: the stand-in node (test/support/fakeEvmNode.ts)
 * answering the head's aggregate3 (block, time, each Comet's pauseGuardian) and the window's
 * PauseAction logs, encoded with Comet's real event (checked against comet @d5a30b0 by
 * mechanismsAbis.test.ts). Used to encode the Optimism recording and, served in memory, for the
 * chains with no recording (an Arbitrum or Base recording would turn other modules' unrecorded
 * reads there into counted misses).
 */
const pauseGuardianAbi = [{ type: 'function', name: 'pauseGuardian', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'address' }] }] as const satisfies Abi;
const [pauseAction] = guardianEvents;

export interface L2PauseScenario {
  chainId: Hex;
  head: bigint;
  headTime: number;
  /** Seconds per block, back from the head. */
  blockSeconds: number;
  guardian: Hex;
  pauses: { comet: Hex; flags: [supply: boolean, transfer: boolean, withdraw: boolean, absorb: boolean, buy: boolean]; secondsBeforeHead: number; logIndex: number; transactionHash: Hex }[];
}

export function l2PauseNode(scenario: L2PauseScenario) {
  const timeOf = (block: bigint) => BigInt(scenario.headTime) - BigInt(Math.round(Number(scenario.head - block) * scenario.blockSeconds));
  const events: ScenarioEvent[] = scenario.pauses.map((pause) => {
    const [supplyPaused, transferPaused, withdrawPaused, absorbPaused, buyPaused] = pause.flags;
    return {
      address: pause.comet,
      abi: [pauseAction!],
      eventName: 'PauseAction',
      args: { supplyPaused, transferPaused, withdrawPaused, absorbPaused, buyPaused },
      blockNumber: scenario.head - BigInt(Math.round(pause.secondsBeforeHead / scenario.blockSeconds)),
      logIndex: pause.logIndex,
      transactionHash: pause.transactionHash,
    };
  });
  return fakeEvmNode([pauseGuardianAbi], {
    chainId: scenario.chainId,
    answer: ({ functionName }) => {
      if (functionName === 'getBlockNumber') return { abi: multicall3Abi as unknown as Abi, result: scenario.head };
      if (functionName === 'getCurrentBlockTimestamp') return { abi: multicall3Abi as unknown as Abi, result: BigInt(scenario.headTime) };
      if (functionName === 'pauseGuardian') return { abi: pauseGuardianAbi, result: scenario.guardian };
      return undefined;
    },
    logs: (filter) => {
      const addresses = filter.address === undefined ? undefined : new Set((Array.isArray(filter.address) ? filter.address : [filter.address]).map((address) => address.toLowerCase()));
      return events
        .filter((event) => event.blockNumber >= BigInt(filter.fromBlock) && event.blockNumber <= BigInt(filter.toBlock) && (!addresses || addresses.has(event.address.toLowerCase())))
        .map((event) => rpcLog(event, timeOf));
    },
  });
}

/** Optimism at the market-admin recording's head: the WETH Comet's buying paused 3 days before it (SYNTHETIC). */
export const OPTIMISM_PAUSES: L2PauseScenario = {
  chainId: '0xa',
  head: 143_000_000n,
  headTime: 1_763_769_600,
  blockSeconds: 2,
  // deployments/optimism/*/configuration.json @d5a30b0: every Optimism Comet's pauseGuardian.
  guardian: '0x3fFd6c073a4ba24a113B18C8F373569640916A45',
  pauses: [{ comet: '0xE36A30D249f7761327fd973001A32010b521b6Fd', flags: [false, false, false, false, true], secondsBeforeHead: 3 * 86_400, logIndex: 5, transactionHash: `0x${'0e'.repeat(32)}` }],
};
