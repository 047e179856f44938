import { formatUnits, type Hex } from 'viem';
import type { FeedProposal } from '../../../domain/proposal.js';
import { proposalId } from '../../../governance/proposalId.js';
import type { RecentLog } from '../../../governance/readLogsToHead.js';
import { isoFromUnixSeconds } from '../../../governance/time.js';
import { LDO_DECIMALS } from '../abi.js';
import { decodeEvmScript, type ScriptCall } from '../decodeEvmScript.js';
import { parameterChangesOf } from '../parameterChangesOf.js';
import { EASY_TRACK } from './abi.js';
import { vaultChangesOf } from './vaultChanges.js';

/** A live motion as EasyTrack.getMotions() returns it. */
export interface LiveMotion {
  id: bigint;
  evmScriptFactory: Hex;
  creator: Hex;
  duration: bigint;
  startDate: bigint;
  objectionsThreshold: bigint;
  objectionsAmount: bigint;
}

const ENDS: Readonly<Record<string, 'executed' | 'canceled'>> = { MotionEnacted: 'executed', MotionCanceled: 'canceled', MotionRejected: 'canceled' };
const ldo = (raw: bigint): number => Number(formatUnits(raw, LDO_DECIMALS));

/**
 * Easy Track motions as feed items (mechanism motion), one per motion id seen in the window's
 * events or among the live motions: `pending` while live (it is enacted at startDate + duration
 * unless objections reach the threshold: effectiveAt and timeline.end that deadline, noticeSeconds
 * its duration, the objections so far as votes against), `executed` at MotionEnacted's block time,
 * `canceled` when canceled or rejected. The EVMScript MotionCreated carries is the one enactment
 * runs (EasyTrack checks its hash), so its calls are decoded into verified changes: stVault fees and
 * share limits (vaultChanges.ts), staking module fees (parameterChangesOf.ts). Pure.
 */
export function normalizeMotions(logs: readonly RecentLog[], live: readonly LiveMotion[]): FeedProposal[] {
  const ids = [...new Set([...logs.map((log) => BigInt(log.args._motionId as bigint)), ...live.map((motion) => motion.id)])].sort((a, b) => (a < b ? -1 : 1));
  return ids.flatMap((id): FeedProposal[] => {
    const own = logs.filter((log) => log.args._motionId === id);
    const created = own.find((log) => log.eventName === 'MotionCreated');
    const end = own.findLast((log) => ENDS[log.eventName] !== undefined);
    const motion = live.find((candidate) => candidate.id === id);
    const startSeconds = motion ? Number(motion.startDate) : created?.blockTime;
    const startIso = isoFromUnixSeconds(startSeconds);
    if (!startIso || (!motion && !end)) return [];
    const calls = scriptCalls(created?.args._evmScript as Hex | undefined);
    const where = `EasyTrack motion ${id} EVMScript`;
    const changes = calls ? [...vaultChangesOf(calls, where), ...parameterChangesOf(calls.map((call) => ({ ...call, via: [`EasyTrack motion ${id}`] })))] : [];
    const factory = (motion?.evmScriptFactory ?? created?.args._evmScriptFactory) as string | undefined;
    const status = motion ? 'pending' : ENDS[end!.eventName]!;
    const deadline = motion ? isoFromUnixSeconds(motion.startDate + motion.duration) : undefined;
    const effectiveAt = status === 'executed' ? isoFromUnixSeconds(end!.blockTime) : deadline;
    const notice = motion ? Number(motion.duration) : status === 'executed' && startSeconds !== undefined ? end!.blockTime - startSeconds : undefined;
    const what = changes.length > 0 ? describeChanges(changes.map((change) => change.market ?? '')) : calls ? `${calls.length} call${calls.length === 1 ? '' : 's'} through factory ${factory}` : `a script of factory ${factory}`;
    const title = `Easy Track motion #${id}: ${what}`;
    const outcome =
      status === 'pending'
        ? `It is enacted at ${deadline} unless objections reach ${Number(motion!.objectionsThreshold) / 100} % of the LDO supply (${ldo(motion!.objectionsAmount)} LDO so far).`
        : status === 'executed'
          ? `It was enacted at ${effectiveAt}.`
          : `It was ${end!.eventName === 'MotionRejected' ? 'rejected by objections' : 'canceled'}.`;
    const links = own.map((log) => log.transactionHash).filter((hash): hash is Hex => hash !== undefined);
    return [
      {
        id: proposalId('lido', 'easytrack', id),
        protocol: 'lido',
        title,
        summary: `${title}. ${outcome}`,
        description: `${title}, an optimistic motion on Easy Track (${EASY_TRACK}): no vote unless LDO holders object. ${outcome}${calls ? ` Its EVMScript runs ${calls.map((call) => `${call.calldata.slice(0, 10)} on ${call.target}`).join(', ')}.` : ''}`,
        ...(factory && { proposer: factory }),
        status,
        votes: motion ? { against: ldo(motion.objectionsAmount) } : {},
        timeline: { created: startIso, start: startIso, ...(deadline && { end: deadline }), ...(effectiveAt && { effectiveAt }) },
        ...(effectiveAt && { effectiveDate: effectiveAt }),
        mechanism: 'motion',
        ...(notice !== undefined && notice >= 0 && { noticeSeconds: notice }),
        sourceLinks: [{ url: 'https://easytrack.lido.fi/', label: 'Easy Track motions' }, ...links.map((hash) => ({ url: `https://etherscan.io/tx/${hash}`, label: 'Motion transaction on Etherscan' }))],
        ...(changes.length > 0 && { changeType: 'parameter' as const }),
        changes,
        firstSeen: startIso,
      },
    ];
  });
}

/** The EVMScript's calls, or undefined when the script is absent (created before the window) or not a CallsScript. */
function scriptCalls(script: Hex | undefined): ScriptCall[] | undefined {
  if (!script) return undefined;
  try {
    return decodeEvmScript(script);
  } catch {
    return undefined;
  }
}

function describeChanges(markets: readonly string[]): string {
  const vaults = new Set(markets.filter((market) => market.startsWith('stVault ')));
  const modules = new Set(markets.filter((market) => market.startsWith('staking module ')));
  return [vaults.size > 0 && `new terms for ${vaults.size} stVault${vaults.size === 1 ? '' : 's'}`, modules.size > 0 && `new fees for ${[...modules].join(', ')}`].filter(Boolean).join('; ');
}
