import { IMPACT_RANK } from '../contract/enums.js';
import type { ProposalImpact } from '../contract/proposal.js';
import type { Effect } from './effect.js';

/** A vote that ended without passing, or a withdrawn proposal, changes nothing. */
const WILL_NOT_HAPPEN: ReadonlySet<string> = new Set(['closed', 'canceled']);

/**
 * One impact from a proposal's effects, honestly:
 * - its level is the highest of the effects' levels (each graded by its own rule);
 * - figures (estimatedChange, estimatedImpactUsd) only when every effect is simulated: under
 *   awaiting_analysis a figure would claim more than is known, in the summary too (it tells the
 *   first change not quantified);
 * - estimatedImpactUsd adds money only (yearly changes, reserves), never borrowing power;
 * - a proposal that failed or was canceled carries no figure and is graded none; its summary says
 *   what it would have done;
 * - an executed proposal's changes are in effect: graded none, no figure.
 * Pure.
 */
export function combineEffects(effects: readonly Effect[], status: string): ProposalImpact {
  const ranked = [...effects].sort((a, b) => IMPACT_RANK[b.level] - IMPACT_RANK[a.level]);
  const top = ranked[0]!;
  const simulated = effects.every((effect) => effect.simulated);
  const others = ranked.length - 1;
  const more = others > 0 ? ` (+${others} more ${others === 1 ? 'change' : 'changes'})` : '';
  const firstUnsimulated = ranked.find((effect) => !effect.simulated);
  // Under awaiting_analysis the summary is the first change not quantified, never a simulated
  // effect's health factor or money: a figure computed from part of a proposal would claim more than is known.
  const summary = simulated ? `${top.summary}${more}` : `${firstUnsimulated!.summary}${more}`;
  const details = ranked.flatMap((effect) => (effect.details ? [effect.details] : []));
  const money = effects.filter((effect) => effect.usd !== undefined);
  const changes = ranked.flatMap((effect) => (effect.estimatedChange ? [effect.estimatedChange] : []));
  const impact: ProposalImpact = {
    level: top.level,
    summary,
    ...(details.length > 0 && { details: details.join(' ') }),
    affectedAssets: [...new Set(effects.flatMap((effect) => effect.assets))].filter(Boolean),
    ...(simulated && changes.length > 0 && { estimatedChange: changes.join('; ') }),
    ...(simulated && money.length > 0 && { estimatedImpactUsd: Math.round(money.reduce((sum, effect) => sum + effect.usd!, 0) * 100) / 100 }),
    analysisStatus: simulated ? 'simulated' : 'awaiting_analysis',
  };
  if (WILL_NOT_HAPPEN.has(status)) return withoutFigures(impact, `${status === 'canceled' ? 'Canceled' : 'Did not pass'}, so nothing changes. Had it passed: ${continuing(summary)}`);
  if (status === 'executed' && ranked.some((effect) => effect.level !== 'none')) {
    return withoutFigures(impact, `Executed: its changes are in effect. What they did: ${continuing(summary)}`);
  }
  return impact;
}

/** The words the simulator's summaries start with that are not names: after a colon they continue the sentence, lower case. */
const COMMON_START = /^(Your|You|The|A|An|New|Borrowing|Withdrawing|Depositing|Health|If|Changes|This|Concerns|Nothing)\b/;

/**
 * A summary continuing a sentence after a colon ("Had it passed: your stETH position…"), its
 * first word lower case unless it is a name (an asset, a market, a validator keeps its capitals). Pure.
 */
export const continuing = (summary: string): string => (COMMON_START.test(summary) ? summary.charAt(0).toLowerCase() + summary.slice(1) : summary);

function withoutFigures({ estimatedChange: _change, estimatedImpactUsd: _usd, ...rest }: ProposalImpact, summary: string): ProposalImpact {
  return { ...rest, level: 'none', summary };
}
