import { decodeFunctionData, type Hex, toFunctionSelector } from 'viem';
import { AGENT, agentAbi, DUAL_GOVERNANCE, dualGovernanceAbi } from './abi.js';
import { decodeEvmScript } from './decodeEvmScript.js';

/** A call the vote ends up making, with the wrappers it went through (for a change's evidence). */
export interface VoteCall {
  target: Hex;
  calldata: Hex;
  /** e.g. ['Agent.forward', 'DualGovernance.submitProposal', 'Agent.forward']; [] for a direct call. */
  via: string[];
}

/** The calls of one DualGovernance.submitProposal in the script, as the timelock will store them. */
export interface DgSubmission {
  calls: { target: Hex; value: bigint; payload: Hex }[];
  metadata: string;
}

export interface DecodedVoteScript {
  calls: VoteCall[];
  dgSubmissions: DgSubmission[];
}

const FORWARD = toFunctionSelector('forward(bytes)');
const SUBMIT_PROPOSAL = toFunctionSelector('submitProposal((address,uint96,bytes)[],string)');
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The calls an Aragon vote's EVMScript makes, unwrapped: Agent.forward(evmScript) runs a nested
 * script as the Agent, and DualGovernance.submitProposal(calls, metadata) hands calls to the DG
 * timelock (recorded in dgSubmissions, so the vote's status can follow that proposal). Pure.
 *
 * @throws Error when the script or a nested script is not a CallsScript (see decodeEvmScript).
 */
export function decodeVoteScript(script: Hex): DecodedVoteScript {
  const result: DecodedVoteScript = { calls: [], dgSubmissions: [] };
  const visit = (target: Hex, calldata: Hex, via: string[]) => {
    const selector = calldata.slice(0, 10).toLowerCase();
    if (same(target, AGENT) && selector === FORWARD) {
      const { args } = decodeFunctionData({ abi: agentAbi, data: calldata });
      for (const call of decodeEvmScript(args[0])) visit(call.target, call.calldata, [...via, 'Agent.forward']);
      return;
    }
    if (same(target, DUAL_GOVERNANCE) && selector === SUBMIT_PROPOSAL) {
      const decoded = decodeFunctionData({ abi: dualGovernanceAbi, data: calldata });
      // The selector matched submitProposal; the check tells the types which of the ABI's functions it is.
      if (decoded.functionName !== 'submitProposal') return;
      const [calls, metadata] = decoded.args;
      result.dgSubmissions.push({ calls: calls.map((call) => ({ target: call.target, value: call.value, payload: call.payload })), metadata });
      for (const call of calls) visit(call.target, call.payload, [...via, 'DualGovernance.submitProposal']);
      return;
    }
    result.calls.push({ target, calldata, via });
  };
  for (const call of decodeEvmScript(script)) visit(call.target, call.calldata, []);
  return result;
}

/**
 * decodeVoteScript, or no call when the script cannot be decoded: one odd script (Voting.forward
 * accepts any bytes) must not fail every feed build while its vote is among the newest. Its
 * changes are then simply unknown. Pure.
 */
export function decodeVoteScriptOrNothing(script: Hex): DecodedVoteScript {
  try {
    return decodeVoteScript(script);
  } catch {
    return { calls: [], dgSubmissions: [] };
  }
}
