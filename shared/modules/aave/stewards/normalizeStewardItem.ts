import type { SourceLink } from '../../../contract/common.js';
import type { ParameterChange } from '../../../domain/parameterChange.js';
import { SHARED_PARAMETER_KINDS } from '../../../domain/sharedParameters.js';
import type { FeedProposal } from '../../../domain/proposal.js';
import { proposalId } from '../../../governance/proposalId.js';
import { isoFromUnixSeconds } from '../../../governance/time.js';
import { formatNumber, formatPercent } from '../../../simulate/format.js';
import { aaveMarketName } from '../names.js';
import type { StewardChain } from './stewardChains.js';
import type { StewardItem } from './stewardItems.js';

const labelOf = new Map(SHARED_PARAMETER_KINDS.map((kind) => [kind.name, kind.label]));

/** A value in words: caps in tokens, shares in percent, rates as yearly percent, a state as it is. */
function valueWords(change: ParameterChange, value: number | string): string {
  if (typeof value === 'string') return value;
  if (change.unit === 'tokens') return `${formatNumber(value)} ${change.asset ?? 'tokens'}`;
  if (change.unit === 'bps') return formatPercent(value / 10_000);
  return formatPercent(value);
}

/** "WETH supply cap: 1,000 → 1,200 WETH" and the like, one line per change. Pure. */
export function changeLine(change: ParameterChange): string {
  const label = (labelOf.get(change.parameter) ?? change.parameter).replace(/^the /, '').replace(/^eMode category’s /, '');
  const subject = change.eModeCategory !== undefined ? `eMode category ${change.eModeCategory}${change.eModeLabel ? ` (${change.eModeLabel})` : ''}` : (change.asset ?? '');
  const from = change.from === undefined ? '' : `${valueWords(change, change.from)} → `;
  return `${subject} ${label}: ${from}${valueWords(change, change.to)}`.trim();
}

const WHO: Record<StewardItem['mechanism'], string> = {
  steward: 'The risk council applied this through the Aave risk steward, within the bounds the steward contract fixes (largest step, days between steps), with no vote and no notice.',
  riskOracle: 'The Chaos Labs Edge risk oracle published this update; an Aave injector applies it through an Edge risk steward within the steward’s bounds, usually within minutes, and drops it after 6 hours.',
  guardian: 'An emergency or risk admin froze or unfroze the reserve at once, with no vote: a frozen reserve takes no new supply or borrowing, its LTV is 0 (the old LTV is kept as pending and restored on unfreeze), and its liquidation threshold does not move.',
};

const TITLE: Record<StewardItem['mechanism'], string> = { steward: 'Risk steward', riskOracle: 'Risk oracle', guardian: 'Guardian' };

/**
 * A feed proposal from one item: mechanism and status as classified (stewardItems), `noticeSeconds`
 * 0 for a steward or guardian change (it applies in the transaction that shows it) and the time from
 * the oracle's publication to the injector's transaction for an applied oracle update;
 * `timeline.effectiveAt` and `effectiveDate` the block time it applied. Pure.
 */
export function normalizeStewardItem(item: StewardItem, chain: StewardChain, now: Date): FeedProposal {
  const markets = item.markets.map((market) => aaveMarketName(market.market) ?? market.market);
  const lines = item.changes.map(changeLine);
  const what = item.mechanism === 'guardian' ? lines.filter((line) => /listing/.test(line)).map((line) => line.replace(/ listing: /, ' ')) : lines;
  const title = `${TITLE[item.mechanism]}: ${what.slice(0, 2).join('; ')}${what.length > 2 ? ` and ${what.length - 2} more` : ''} on ${markets.join(', ')}`;
  const signalled = isoFromUnixSeconds(item.signalledAt)!;
  const applied = item.appliedAt === undefined ? undefined : isoFromUnixSeconds(item.appliedAt);
  const notice = item.mechanism !== 'riskOracle' ? 0 : item.update && item.appliedAt !== undefined ? Number(item.appliedAt - item.update.timestamp) : undefined;
  const when =
    item.status === 'pending'
      ? `Published ${signalled}; not applied yet when read.`
      : `Applied ${applied}${item.estimatedTime ? ` (dated from the chain head at ${chain.secondsPerBlock} s a block)` : ''}${notice ? `, ${formatNumber(notice / 60)} minutes after its publication` : ''}.`;
  const reference = item.update?.referenceId ? ` Oracle reference: ${item.update.referenceId}.` : '';
  const summary = `${lines.join('; ')}. ${when}`;
  return {
    id: proposalId('aave', chain.system, item.key),
    protocol: 'aave',
    title,
    summary,
    description: [summary, WHO[item.mechanism] + reference, `Markets: ${markets.join(', ')}.`].join('\n\n'),
    status: item.status,
    votes: {},
    timeline: { created: signalled, ...(applied && { effectiveAt: applied }) },
    sourceLinks: item.transactions.map((hash, index): SourceLink => ({ url: `${chain.explorer}/tx/${hash}`, label: index === 0 && item.mechanism === 'riskOracle' ? 'Risk oracle publication' : 'Transaction' })),
    changeType: item.changes.some((change) => change.parameter === 'listing') ? 'shape' : 'parameter',
    ...(applied && { effectiveDate: applied }),
    mechanism: item.mechanism,
    ...(notice !== undefined && { noticeSeconds: notice }),
    changes: item.changes,
    firstSeen: signalled ?? now.toISOString(),
  };
}
