import { decodeFunctionResult, encodeFunctionData, type PublicClient } from 'viem';
import { ETHEREUM_RECENT_CHANGES } from '../../governance/ethereumRecentChanges.js';
import { readLogsToHead, readSystemHead } from '../../governance/readLogsToHead.js';
import { upstreamMalformed } from '../../upstream/errors.js';
import { DG_STATES, DUAL_GOVERNANCE, dualGovernanceAbi, dualGovernanceStateChangedEvent } from './abi.js';
import type { DgTransition } from './types.js';

export interface DualGovernanceStateRead {
  /** getEffectiveState at the head: the state the next activateNextState would persist. */
  state: (typeof DG_STATES)[number];
  /** The newest DualGovernanceStateChanged of the window, when there was one. */
  lastTransition?: DgTransition;
}

interface StateContext {
  enteredAt: number;
  vetoSignallingActivatedAt: number;
  vetoSignallingReactivationTime: number;
}

const stateName = (value: unknown) => {
  const name = DG_STATES[Number(value)];
  if (name === undefined) throw upstreamMalformed('ethereum', new Error(`Dual Governance state ${String(value)} is not one of the ${DG_STATES.length} states`));
  return name;
};

/**
 * Dual Governance's effective state (getEffectiveState, in the head's aggregate3) and its newest
 * state transition of the last 30 days (DualGovernanceStateChanged, through readLogsToHead): the
 * transition's context says when veto signalling began and when the state was entered, which the
 * dates of a waiting vote depend on. One aggregate3 and one batch of eth_getLogs.
 *
 * @throws UpstreamError (upstream_malformed for a state outside the enum)
 */
export async function readDualGovernanceState(client: PublicClient): Promise<DualGovernanceStateRead> {
  const head = await readSystemHead(client, 'ethereum', [{ target: DUAL_GOVERNANCE, callData: encodeFunctionData({ abi: dualGovernanceAbi, functionName: 'getEffectiveState' }) }]);
  const state = stateName(decodeFunctionResult({ abi: dualGovernanceAbi, functionName: 'getEffectiveState', data: head.views[0]! }));
  const logs = await readLogsToHead({ client, upstream: 'ethereum', address: DUAL_GOVERNANCE, events: [dualGovernanceStateChangedEvent], head: head.head, lookbackBlocks: ETHEREUM_RECENT_CHANGES.lookbackBlocks, logChunkBlocks: ETHEREUM_RECENT_CHANGES.logChunkBlocks });
  const newest = logs.reduce<(typeof logs)[number] | undefined>((last, log) => (!last || log.blockNumber > last.blockNumber || (log.blockNumber === last.blockNumber && log.logIndex > last.logIndex) ? log : last), undefined);
  if (!newest) return { state };
  const context = newest.args.state as StateContext;
  return {
    state,
    lastTransition: {
      from: stateName(newest.args.from),
      to: stateName(newest.args.to),
      enteredAt: Number(context.enteredAt),
      vetoSignallingActivatedAt: Number(context.vetoSignallingActivatedAt),
      vetoSignallingReactivationTime: Number(context.vetoSignallingReactivationTime),
      ...(newest.transactionHash && { transactionHash: newest.transactionHash }),
    },
  };
}
