import type { FeedProposal } from '../../../domain/proposal.js';
import type { ParameterChange } from '../../../domain/parameterChange.js';
import { ETHEREUM_RECENT_CHANGES } from '../../../governance/ethereumRecentChanges.js';
import { proposalId } from '../../../governance/proposalId.js';
import type { RecentLog } from '../../../governance/readLogsToHead.js';
import { isoFromUnixSeconds } from '../../../governance/time.js';
import { CTOKENS, V2_MARKET } from '../addresses.js';
import { cometMarketName, type CometChain } from '../cometMarketNames.js';
import { compoundMarketName } from '../names.js';
import { chainName } from '../../../upstream/chainNames.js';

/** Comet.pause's five flags, by the event's argument names (also the parameters' names, parameters.ts), with their words. */
const COMET_FLAGS = [
  ['supplyPaused', 'supplying'],
  ['transferPaused', 'transfers'],
  ['withdrawPaused', 'withdrawals'],
  ['absorbPaused', 'liquidations (absorb)'],
  ['buyPaused', 'buying collateral'],
] as const;

/** The Comptroller's action names (Comptroller.sol _setMintPaused, _setBorrowPaused, _setTransferPaused, _setSeizePaused) → parameter and words. */
const V2_ACTIONS: Readonly<Record<string, readonly [string, string]>> = {
  Mint: ['mintPaused', 'supplying'],
  Borrow: ['borrowPaused', 'borrowing'],
  Transfer: ['transferPaused', 'transfers'],
  Seize: ['seizePaused', 'seizing collateral in liquidations'],
};

const word = (paused: boolean): string => (paused ? 'paused' : 'active');

const ETHEREUM = { upstream: 'ethereum' as const, explorer: ETHEREUM_RECENT_CHANGES.explorer };


/** An explorer's name from its host (etherscan.io → Etherscan, optimistic.etherscan.io → Optimistic Etherscan). Pure. */
const explorerName = (url: string): string =>
  new URL(url).hostname
    .replace(/\.(io|org|com|xyz|build)$/, '')
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join(' ');

/**
 * Compound's pause-guardian actions as feed items, one per event: a Comet's PauseAction (all five
 * flags set at once, so every flag is a change) and the v2 Comptroller's ActionPaused (one action,
 * globally or on one market). Each took effect in its block, with no notice: mechanism guardian,
 * executed, noticeSeconds 0, effectiveAt the block time. Changes are verified from the event (its
 * own words); `from` is left out, since the event does not carry the flag before. `guardians`:
 * the pause guardian read at the head, by contract address (lower case), where it was read. `on`:
 * the chain the logs were read on (Ethereum unless said; an L2's item ids name their chain, and
 * its Comets are that chain's markets). An event from an address or an action we do not know is
 * left out. Pure.
 */
export function normalizePauses(logs: readonly RecentLog[], guardians: Readonly<Record<string, string>> = {}, on: { upstream: CometChain; explorer: string } = ETHEREUM): FeedProposal[] {
  const l2 = on.upstream !== 'ethereum';
  return logs.flatMap((log): FeedProposal[] => {
    const at = isoFromUnixSeconds(log.blockTime);
    if (!at) return [];
    const evidence = `${log.eventName} event, block ${log.blockNumber} log ${log.logIndex}${l2 ? ` on ${chainName(on.upstream)}` : ''}`;
    // The Comptroller lives on Ethereum alone: on an L2 only a Comet's PauseAction is read.
    const found = log.eventName === 'PauseAction' ? cometPause(log, evidence, on.upstream) : l2 ? undefined : comptrollerPause(log, evidence);
    if (!found) return [];
    const { title, changes } = found;
    // Who may act, read at the same head where it was read: the event itself does not name its sender.
    const guardian = guardians[log.address.toLowerCase()];
    const description = guardian ? `${found.description} Its pause guardian at the head read: ${guardian}.` : found.description;
    return [
      {
        id: proposalId('compound', 'guardian', `${l2 ? `${on.upstream}-` : ''}${log.blockNumber}-${log.logIndex}`),
        protocol: 'compound',
        title,
        summary: found.description,
        description,
        status: 'executed',
        votes: {},
        timeline: { created: at, effectiveAt: at },
        effectiveDate: at,
        mechanism: 'guardian',
        noticeSeconds: 0,
        sourceLinks: log.transactionHash
          ? [{ url: `${on.explorer}/tx/${log.transactionHash}`, label: `Pause transaction on ${explorerName(on.explorer)}` }]
          : [{ url: `${on.explorer}/address/${log.address}`, label: `The paused contract on ${explorerName(on.explorer)}` }],
        changeType: 'parameter',
        changes,
        firstSeen: at,
      },
    ];
  });
}

interface Found {
  title: string;
  description: string;
  changes: ParameterChange[];
}

function cometPause(log: RecentLog, evidence: string, chain: CometChain): Found | undefined {
  const market = cometMarketName(log.address, chain);
  if (!market) return undefined;
  const flags = COMET_FLAGS.map(([parameter, words]) => ({ parameter, words, paused: log.args[parameter] === true }));
  const changes = flags.map(({ parameter, paused }): ParameterChange => ({ protocol: 'compound', market, parameter, to: word(paused), unit: 'state', evidence, verified: true }));
  const name = compoundMarketName(market) ?? market;
  const paused = flags.filter((flag) => flag.paused).map((flag) => flag.words);
  const title = paused.length === 0 ? `Pause guardian unpaused every action on ${name}` : `Pause guardian paused ${paused.join(', ')} on ${name}`;
  const description = `${title}. Comet.pause sets its five flags at once and takes effect in the same block, with no vote and no notice: ${flags
    .map((flag) => `${flag.words} ${word(flag.paused)}`)
    .join(', ')}.`;
  return { title, description, changes };
}

function comptrollerPause(log: RecentLog, evidence: string): Found | undefined {
  const { action, pauseState, cToken } = log.args as { action?: string; pauseState?: boolean; cToken?: string };
  const known = action === undefined ? undefined : V2_ACTIONS[action];
  if (!known || pauseState === undefined) return undefined;
  const [parameter, words] = known;
  const asset = cToken ? CTOKENS[cToken.toLowerCase()]?.symbol : undefined;
  if (cToken && !asset) return undefined;
  const where = asset ? `the ${asset} market of Compound v2` : 'every Compound v2 market';
  const title = `Pause guardian ${pauseState ? 'paused' : 'unpaused'} ${words} on ${where}`;
  const description = `${title}. The Comptroller's pause takes effect in the same block, with no vote and no notice.`;
  return {
    title,
    description,
    changes: [{ protocol: 'compound', market: V2_MARKET, ...(asset && { asset }), parameter, to: word(pauseState), unit: 'state', evidence, verified: true }],
  };
}
