import { combinedHealthFactor, type CombinedHealthFactorReturnType } from '../simulate/combinedHealthFactor.js';
import { safetyActions, type SafetyActionsReturnType } from '../simulate/safetyActions.js';
import type { AccountPrices } from './accountPrices.js';
import type { ScannedProposal } from './scanResult.js';

/** Levels the strip lists: the ones a holder must act on. */
const URGENT: ReadonlySet<string> = new Set(['critical', 'high']);
/** Proposals that may still happen: a vote to come or running, or passed and not yet executed. */
const OPEN: ReadonlySet<string> = new Set(['pending', 'active', 'passed']);

/**
 * The date a holder acts against: a vote's end while it is to come or running; once passed, its
 * execution (effectiveDate), else the end of its window. Which side of the page's clock it falls
 * on is for the page to word.
 */
export type AttentionDeadline = { kind: 'vote_ends' | 'executes' | 'window_ends'; at: string };

export interface AttentionItem extends ScannedProposal {
  deadline?: AttentionDeadline;
  /** Per lending account the proposal moves: what repays, adds or prices keep it safe (safetyActions). */
  actions: SafetyActionsReturnType[];
}

export interface Attention {
  /** Every critical and high proposal, in the order given (most material first). */
  items: AttentionItem[];
  /** Per account reached by two or more open proposals: its health factor if all of them pass, with the protocol it is on. */
  combined: (CombinedHealthFactorReturnType & { protocol: string })[];
}

export function deadlineOf({ status, timeline, effectiveDate }: ScannedProposal['proposal']): AttentionDeadline | undefined {
  if ((status === 'pending' || status === 'active') && timeline.end) return { kind: 'vote_ends', at: timeline.end };
  if (status !== 'passed') return undefined;
  if (effectiveDate) return { kind: 'executes', at: effectiveDate };
  return timeline.end ? { kind: 'window_ends', at: timeline.end } : undefined;
}

/** Only quantified proposals give numbers: under awaiting_analysis an amount to repay would claim more than is known. */
const quantified = ({ impact }: ScannedProposal) => impact !== undefined && impact.analysisStatus !== 'awaiting_analysis';

/**
 * What the "Needs your attention" strip says, from a scan's matched proposals (most material first)
 * and the prices its positions were read at (accountPrices): each critical and high proposal with
 * its deadline and, per lending account it moves, the repay, add and liquidation-price figures; and
 * each account's health factor if every open quantified proposal reaching it passes. Pure.
 */
export function needsAttention(proposals: readonly ScannedProposal[], prices: Readonly<Record<string, AccountPrices>> = {}): Attention {
  const items = proposals
    .filter((item) => item.impact !== undefined && URGENT.has(item.impact.level))
    .map((item): AttentionItem => {
      const deadline = deadlineOf(item.proposal);
      const actions = quantified(item)
        ? (item.accounts ?? []).flatMap(({ account, changes }) => {
            const marks = prices[account.market];
            const found = safetyActions({ account, changes, ...(marks && { prices: marks.prices, borrowed: marks.borrowed }) });
            return found && found.healthFactorAfter !== found.healthFactorBefore ? [found] : [];
          })
        : [];
      return { ...item, ...(deadline && { deadline }), actions };
    });
  const open = proposals.filter((item) => OPEN.has(item.proposal.status) && quantified(item));
  const entries = open.flatMap(({ proposal, accounts }) =>
    (accounts ?? []).map(({ account, changes }) => ({ account, changes, proposal: proposal.id, protocol: proposal.protocol, ...takesEffect(proposal) })),
  );
  const protocolOf = new Map(entries.map((entry) => [entry.account.market, entry.protocol]));
  const combined = combinedHealthFactor({ entries })
    .filter((entry) => entry.proposals.length > 1)
    .map((entry) => ({ ...entry, protocol: protocolOf.get(entry.account.market)! }));
  return { items, combined };
}

const takesEffect = ({ effectiveDate, timeline }: ScannedProposal['proposal']): { takesEffect?: string } => {
  const at = effectiveDate ?? timeline.end;
  return at === undefined ? {} : { takesEffect: at };
};
