import type { ParameterChange } from '../../../domain/parameterChange.js';
import type { FeedProposal } from '../../../domain/proposal.js';
import { SHARED_PARAMETER_KINDS } from '../../../domain/sharedParameters.js';
import { proposalId } from '../../../governance/proposalId.js';
import { isoFromUnixSeconds } from '../../../governance/time.js';
import { formatNumber, formatPercent } from '../../../simulate/format.js';
import { AAVE_V4_PARAMETERS } from './parameters.js';
import { v4MarketName } from './spokeNames.js';
import type { V4ConfigChain } from './v4ConfigChains.js';
import type { V4ConfigItem } from './v4ConfigItems.js';

const labelOf = new Map([...SHARED_PARAMETER_KINDS, ...AAVE_V4_PARAMETERS].map((kind) => [kind.name, kind.label.replace(/^the /, '')]));

/** A value in words: caps in tokens, shares in percent, rates as yearly percent, a state or health factor as it is. */
function valueWords(change: ParameterChange, value: number | string): string {
  if (typeof value === 'string') return value;
  if (change.unit === 'tokens') return `${formatNumber(value)} ${change.asset ?? 'tokens'}`;
  if (change.unit === 'bps') return formatPercent(value / 10_000);
  if (change.unit === 'fraction') return formatPercent(value);
  return formatNumber(value);
}

/** "WETH collateral factor (config key 1): 80% → 81%", one line per change. Pure. */
export function v4ChangeLine(change: ParameterChange): string {
  const label = labelOf.get(change.parameter) ?? change.parameter;
  const key = change.configKey === undefined ? '' : ` (config key ${change.configKey})`;
  const from = change.from === undefined ? '' : `${valueWords(change, change.from)} → `;
  return `${change.asset ? `${change.asset} ` : ''}${label}${key}: ${from}${valueWords(change, change.to)}`;
}

const WHO: Record<V4ConfigItem['mechanism'], string> = {
  steward:
    'Applied without a vote through Aave v4’s configurators by a holder of their roles, in practice the v4 risk steward the risk council drives: its contract bounds each step and the days between steps, and it cannot list, pause or change fees. It applies in the transaction that shows it: no notice. A change to a config key reaches only the positions still on that key; an added key reaches none until a position refreshes.',
  guardian: 'An emergency admin paused, froze or halted this at once, with no vote and no notice.',
};
/** What the v4 risk steward refuses (fees, rate strategies): a change of these without a vote is another role holder's. */
const HUB_ASSET_KINDS = new Set(['v4LiquidityFee', 'v4RateStrategy', 'v4ReinvestmentController', 'v4FeeReceiver']);
const HUB_ADMIN =
  'Applied without a vote through the hub’s configurator by a holder of its roles; not the v4 risk steward, which cannot change fees or rate strategies. It applies in the transaction that shows it: no notice. A hub asset’s liquidity fee moves what every supplier of it earns, on every spoke listing it.';
const STOPS = new Set(['paused', 'frozen', 'halted']);
const TITLE: Record<V4ConfigItem['mechanism'], string> = { steward: 'Risk steward', guardian: 'Guardian' };

/**
 * A feed proposal from one v4 configuration item: executed at its block time, `noticeSeconds` 0
 * (the change applies in the transaction that shows it), its markets the spokes it touched. Pure.
 */
export function normalizeV4ConfigItem(item: V4ConfigItem, chain: V4ConfigChain): FeedProposal {
  const markets = [...new Set(item.changes.flatMap((change) => change.market ?? []))].map((market) => v4MarketName(market) ?? market);
  // A hub's change reaches every spoke listing its asset: the same line once, the markets named below.
  const lines = [...new Set(item.changes.map(v4ChangeLine))];
  const applied = isoFromUnixSeconds(item.appliedAt)!;
  const when = `Applied ${applied}${item.estimatedTime ? ` (dated from the chain head at ${chain.secondsPerBlock} s a block)` : ''}.`;
  const summary = `${lines.join('; ')}. ${when}`;
  const hubAdmin = item.mechanism === 'steward' && item.changes.some((change) => HUB_ASSET_KINDS.has(change.parameter));
  return {
    id: proposalId('aave', chain.system, item.key),
    protocol: 'aave',
    title: `${hubAdmin ? 'Hub configurator' : TITLE[item.mechanism]}: ${lines.slice(0, 2).join('; ')}${lines.length > 2 ? ` and ${lines.length - 2} more` : ''} on ${markets.join(', ')}`,
    summary,
    description: [summary, hubAdmin ? HUB_ADMIN : WHO[item.mechanism], `Markets: ${markets.join(', ')}.`].join('\n\n'),
    status: 'executed',
    votes: {},
    timeline: { created: applied, effectiveAt: applied },
    sourceLinks: [{ url: `${chain.explorer}/tx/${item.transaction}`, label: 'Transaction' }],
    // A listing, pause, freeze or halt changes what the market takes; every other value is a parameter.
    changeType: item.changes.some((change) => change.parameter === 'listing' || STOPS.has(String(change.to))) ? 'shape' : 'parameter',
    effectiveDate: applied,
    mechanism: item.mechanism,
    noticeSeconds: 0,
    changes: item.changes,
    firstSeen: applied,
  };
}
