import { type Address, decodeFunctionResult, encodeFunctionData, getAddress, type Hex, type PublicClient, zeroAddress } from 'viem';
import { readSystemHead } from '../../../governance/readLogsToHead.js';
import { aggregateCall } from '../../../upstream/clients/aggregateCall.js';
import { verifyEthereumMainnet } from '../../../upstream/clients/ethereumChain.js';
import type { EvmCall, EvmResult } from '../../../upstream/clients/evmCall.js';
import { readLogWindow } from '../../../upstream/clients/readRecentLogs.js';
import { upstreamMalformed } from '../../../upstream/errors.js';
import { LOG_WINDOW_BLOCKS, SP_BEAM_LOOKBACK_BLOCKS } from '../readSpBeamSets.js';
import { SKY_GOVERNANCE } from './deployment.js';
import { chiefAbi, dssExecAbi, etchEvent, pauseAbi } from './governanceAbi.js';
import type { HatSpellRead } from './readHatSpell.js';

/** At most this many spells in voting are listed (the most approved): each costs, until its after-state is found, three GitHub reads. */
export const MAX_VOTED_SPELLS = 4;
/** At most this many slate candidates (the newest etched) are read: five calls each in the one aggregate3. */
export const MAX_CANDIDATES = 12;

/** Where a spell stands in the chief: its approval, and the hat's it must exceed to be lifted (Chief.lift: approvals[whom] > approvals[hat]). */
export interface ChiefVote {
  /** In SKY wei, as the chief counts locked SKY. */
  approvals: bigint;
  hat: Address;
  hatApprovals: bigint;
}

/** A spell being voted on: its DssExec views (eta 0, not done, not expired) and where it stands in the chief. */
export interface VotedSpellRead extends HatSpellRead {
  vote: ChiefVote;
}

/**
 * The candidates of the window's slates, the newest etched first, each once, without `exclude`
 * (the hat, the spells the pause saw) or address 0, at most `limit`. Pure.
 */
export function slateCandidates(etches: readonly { yays: readonly Address[] }[], exclude: readonly Address[], limit: number = MAX_CANDIDATES): Address[] {
  const skip = new Set([zeroAddress, ...exclude].map((address) => address.toLowerCase()));
  const candidates: Address[] = [];
  for (const { yays } of [...etches].reverse()) {
    for (const yay of [...yays].reverse()) {
      if (skip.has(yay.toLowerCase())) continue;
      skip.add(yay.toLowerCase());
      candidates.push(getAddress(yay));
    }
  }
  return candidates.slice(0, limit);
}

const approvalsCall = (yay: Address): EvmCall => ({ target: SKY_GOVERNANCE.chief, callData: encodeFunctionData({ abi: chiefAbi, functionName: 'approvals', args: [yay] }) });
const VIEWS = ['eta', 'done', 'expiration', 'description'] as const;
const viewCall = (spell: Address, functionName: (typeof VIEWS)[number]): EvmCall => ({ target: spell, callData: encodeFunctionData({ abi: dssExecAbi, functionName }) });

function approvalsOf(result: EvmResult, yay: Address): bigint {
  if (!result.success) throw upstreamMalformed('ethereum', new Error(`the chief's approvals(${yay}) reverted`));
  try {
    return decodeFunctionResult({ abi: chiefAbi, functionName: 'approvals', data: result.returnData });
  } catch (error) {
    throw upstreamMalformed('ethereum', error);
  }
}

/** A candidate's DssExec views, or undefined where it is no DssExec spell (a slate may name any address). */
function viewsOf(results: readonly EvmResult[]): Pick<HatSpellRead, 'eta' | 'done' | 'expiration' | 'description'> | undefined {
  if (results.some((result) => !result.success || result.returnData === '0x')) return undefined;
  try {
    const [eta, done, expiration, description] = results as [EvmResult, EvmResult, EvmResult, EvmResult];
    return {
      eta: Number(decodeFunctionResult({ abi: dssExecAbi, functionName: 'eta', data: eta.returnData })),
      done: decodeFunctionResult({ abi: dssExecAbi, functionName: 'done', data: done.returnData }),
      expiration: Number(decodeFunctionResult({ abi: dssExecAbi, functionName: 'expiration', data: expiration.returnData })),
      description: decodeFunctionResult({ abi: dssExecAbi, functionName: 'description', data: description.returnData }),
    };
  } catch {
    return undefined;
  }
}

function decodeWord<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw upstreamMalformed('ethereum', error);
  }
}

/**
 * The spells being voted on in the chief: neither its hat, nor plotted, cast or dropped in the
 * pause, nor expired, with approval above zero; the most approved first, with the hat's approval,
 * the number to beat. Three JSON-RPC rounds: the chain id with one aggregate3 of the head, its time,
 * the chief's `hat()` and the pause's `delay()`; the chief's `Etch` logs of the last 30 days (a
 * spell expires 30 days after its deployment, so any slate naming a live spell was etched within
 * them); one aggregate3 at that head of `approvals` of the hat and of each candidate, with each
 * candidate's DssExec views. A candidate that answers no DssExec views is left out; any other
 * failure rejects the read (the spells source then fails and the feed keeps its last good items).
 *
 * @throws UpstreamError
 * @example const voted = await readVotedSpells(client, [hat.spell]); voted[0]?.vote.approvals // SKY wei
 */
export async function readVotedSpells(client: PublicClient, exclude: readonly Address[] = []): Promise<VotedSpellRead[]> {
  const [, system] = await Promise.all([
    verifyEthereumMainnet(client),
    readSystemHead(client, 'ethereum', [
      { target: SKY_GOVERNANCE.chief, callData: encodeFunctionData({ abi: chiefAbi, functionName: 'hat' }) },
      { target: SKY_GOVERNANCE.pause, callData: encodeFunctionData({ abi: pauseAbi, functionName: 'delay' }) },
    ]),
  ]);
  const [hatWord, delayWord] = system.views as [Hex, Hex];
  const hat = decodeWord(() => decodeFunctionResult({ abi: chiefAbi, functionName: 'hat', data: hatWord }));
  const delaySeconds = Number(decodeWord(() => decodeFunctionResult({ abi: pauseAbi, functionName: 'delay', data: delayWord })));
  const fromBlock = system.head >= SP_BEAM_LOOKBACK_BLOCKS ? system.head - SP_BEAM_LOOKBACK_BLOCKS + 1n : 0n;
  const etches = await readLogWindow(client, { upstream: 'ethereum', address: SKY_GOVERNANCE.chief, events: [etchEvent], fromBlock, head: system.head, chunkBlocks: LOG_WINDOW_BLOCKS });
  const candidates = slateCandidates(
    etches.map((log) => ({ yays: (log.args.yays ?? []) as Address[] })),
    [hat, ...exclude],
  );
  if (candidates.length === 0) return [];
  const calls = [approvalsCall(hat), ...candidates.flatMap((spell) => [approvalsCall(spell), ...VIEWS.map((view) => viewCall(spell, view))])];
  const results = await aggregateCall(client, 'ethereum', calls, system.head);
  const hatApprovals = approvalsOf(results[0]!, hat);
  const voted: VotedSpellRead[] = [];
  candidates.forEach((spell, index) => {
    const at = 1 + index * 5;
    const approvals = approvalsOf(results[at]!, spell);
    const views = viewsOf(results.slice(at + 1, at + 5));
    // Plotted, cast or dropped (eta set) is the pause's to list; expired can never be scheduled; no approval is no vote.
    if (!views || views.done || views.eta > 0 || system.headTime > views.expiration || approvals === 0n) return;
    voted.push({ spell, delaySeconds, ...views, blockTime: system.headTime, vote: { approvals, hat, hatApprovals } });
  });
  return voted.sort((a, b) => (a.vote.approvals === b.vote.approvals ? 0 : a.vote.approvals > b.vote.approvals ? -1 : 1)).slice(0, MAX_VOTED_SPELLS);
}
